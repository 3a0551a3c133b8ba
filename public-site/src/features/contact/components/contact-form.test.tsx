import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { SubmitContactDocument } from '@/gql/graphql';
import { renderWithProviders } from '@/testing/render';
import { ContactForm } from './contact-form';

const input = {
  name: 'Asha Verma',
  email: 'asha@example.org',
  phone: '9876543210',
  subject: 'Volunteering',
  message: 'I would like to teach on weekends.',
};

async function fill(user: ReturnType<typeof userEvent.setup>, values = input) {
  await user.type(screen.getByLabelText('Name'), values.name);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Phone'), values.phone);
  await user.type(screen.getByLabelText('Subject'), values.subject);
  await user.type(screen.getByLabelText('Message'), values.message);
}

describe('ContactForm', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('requires every field and sends nothing when empty', async () => {
    const result = jest.fn(() => ({ data: { submitContact: { id: '1', message: 'ok' } } }));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, {
      mocks: [{ request: { query: SubmitContactDocument, variables: () => true }, result }],
    });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(result).not.toHaveBeenCalled();
  });

  it('checks the phone is exactly 10 digits and the e-mail format', async () => {
    const result = jest.fn(() => ({ data: { submitContact: { id: '1', message: 'ok' } } }));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, {
      mocks: [{ request: { query: SubmitContactDocument, variables: () => true }, result }],
    });
    await fill(user, { ...input, phone: '98765', email: 'asha@' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid 10-digit phone number');
    expect(result).not.toHaveBeenCalled();

    // Letters are not digits, even ten of them.
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '98765abcde');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(result).not.toHaveBeenCalled();
  });

  it('shows Sending... while sending, then the success banner for 3 seconds and clears the fields', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<ContactForm />, {
      mocks: [
        {
          request: { query: SubmitContactDocument, variables: { input } },
          result: { data: { submitContact: { __typename: 'ContactPayload', id: 'c1', message: 'Received' } } },
          delay: 200,
        },
      ],
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();

    expect(await screen.findByText('Thank you! Your message has been sent successfully.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');

    act(() => {
      jest.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Thank you! Your message has been sent successfully.')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Thank you! Your message has been sent successfully.')).not.toBeInTheDocument();
  });

  it('on failure shows the alert and keeps the values', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, {
      mocks: [{ request: { query: SubmitContactDocument, variables: { input } }, error: new Error('Network down') }],
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit form. Please try again.');
    expect(screen.queryByText('Thank you! Your message has been sent successfully.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(input.name);
    expect(screen.getByLabelText('Message')).toHaveValue(input.message);
  });

  it('shows server validation errors by their fields, in the catalogue language', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, {
      mocks: [
        {
          request: { query: SubmitContactDocument, variables: { input } },
          result: {
            errors: [
              new GraphQLError('Invalid input', {
                extensions: { code: 'VALIDATION', fields: { email: 'email must be an email (server text)' } },
              }),
            ],
          },
        },
      ],
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid e-mail address'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.queryByText(/server text/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(input.name);
  });
});
