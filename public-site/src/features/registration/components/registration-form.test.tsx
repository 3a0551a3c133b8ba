import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterDocument, VerifyRegistrationDocument } from '@/gql/graphql';
import { reloadPage } from '@/lib/reload';
import { gqlError, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import RegistrationForm from './registration-form';

jest.mock('@/lib/reload', () => ({ reloadPage: jest.fn(), goToPage: jest.fn(), replacePage: jest.fn() }));

const details = { name: 'Ravi Kumar', email: 'ravi@example.org', phone: '9876543210' };
const registerInput = { ...details, category: 'graduate' };
const sent = { data: { register: { __typename: 'CodeSentPayload', userId: 'user-1', message: 'OTP sent to your email/phone' } } };

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), details.name);
  await user.type(screen.getByLabelText('Email'), details.email);
  await user.type(screen.getByLabelText('Phone'), details.phone);
}

describe('RegistrationForm (the registration dialog)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    jest.mocked(reloadPage).mockClear();
  });
  afterEach(() => jest.useRealTimers());

  it('is a labelled modal with the chosen category; required inputs of the right types; Escape closes', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(<RegistrationForm category="graduate" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Register for Graduates & Above' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Selected programme: Graduates & Above')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    for (const label of ['Full name', 'Email', 'Phone']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps focus inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('validates: all fields required, and the category must be valid', async () => {
    const user = userEvent.setup();
    const result = jest.fn(() => sent);
    renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />, {
      mocks: [{ request: { query: RegisterDocument, variables: () => true }, result }],
    });
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill all required fields');
    expect(result).not.toHaveBeenCalled();
  });

  it('refuses an unknown category', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistrationForm category="admin" onClose={() => {}} />);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a valid user category');
  });

  it('registers, shows step 2 with the OTP field; Back returns; Resend repeats the call and shows the wait', async () => {
    const user = userEvent.setup();
    const result = jest.fn(() => sent);
    renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />, {
      mocks: [
        { request: { query: RegisterDocument, variables: { input: registerInput } }, result, maxUsageCount: 2 },
        {
          request: { query: RegisterDocument, variables: { input: registerInput } },
          result: gqlError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', {
            retryAfterSeconds: 60,
          }),
        },
      ],
    });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('OTP sent to your email/phone')).toBeInTheDocument();
    const otp = screen.getByLabelText('OTP');
    expect(otp).toBeRequired();
    expect(otp).toHaveAttribute('maxLength', '6');
    expect(otp).toHaveAttribute('inputMode', 'numeric');
    expect(otp).toHaveAttribute('autoComplete', 'one-time-code');
    expect(otp).toHaveFocus();
    expect(otp).toHaveAccessibleDescription('Enter the 6-digit code we sent to ravi@example.org.');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(result).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Full name')).toHaveValue(details.name);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
    expect(result).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute');
    expect(screen.getByText('You can request a new code in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();

    // Back to the details during the wait: Send OTP waits too (the limit is per e-mail address).
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('You can request a new code in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeDisabled();
  });

  it('opened again after a reload while the code still works: straight to the code step, with the rest of the wait', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />, {
      mocks: [{ request: { query: RegisterDocument, variables: { input: registerInput } }, result: sent }],
    });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
    first.unmount();

    // Another programme's dialog starts with the details.
    const other = renderWithProviders(<RegistrationForm category="secondary" onClose={() => {}} />);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    other.unmount();

    const verify = jest.fn(() => ({ data: { verifyRegistration: { __typename: 'AuthPayload', token: 'jwt-dialog', message: 'Registration completed successfully!', user: viewer() } } }));
    renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />, {
      mocks: [{ request: { query: VerifyRegistrationDocument, variables: { input: { userId: 'user-1', otp: '445566' } } }, result: verify }],
    });
    const otp = screen.getByLabelText('OTP');
    expect(otp).toHaveAccessibleDescription('Enter the 6-digit code we sent to ravi@example.org.');
    expect(screen.getByText('The code we already sent you still works: enter it below.')).toBeInTheDocument();
    expect(await screen.findByText(/You can request a new code in (60|59|58) seconds\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await user.type(otp, '445566');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Registration completed successfully!')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.length).toBe(0);
  }, 20_000);

  it('Back from a restored code step keeps the details', async () => {
    window.sessionStorage.setItem(
      'otpSent:registration',
      JSON.stringify({ email: details.email, sentAt: Date.now() - 5_000, data: { name: details.name, phone: details.phone, category: 'graduate', userId: 'user-1' } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />);
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Full name')).toHaveValue(details.name);
    expect(screen.getByLabelText('Email')).toHaveValue(details.email);
    expect(screen.getByLabelText('Phone')).toHaveValue(details.phone);
  });

  it('shows the server message when registration fails, or the fallback', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistrationForm category="graduate" onClose={() => {}} />, {
      mocks: [
        {
          request: { query: RegisterDocument, variables: { input: registerInput } },
          result: gqlError('An account with this email already exists. Please log in.', 'CONFLICT'),
        },
        { request: { query: RegisterDocument, variables: { input: registerInput } }, error: new Error('offline') },
      ],
    });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists. Please log in.');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.'));
  });

  it('verifies: success message, token stored under token and authToken, closes and reloads after 2 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onClose = jest.fn();
    renderWithProviders(<RegistrationForm category="graduate" onClose={onClose} />, {
      mocks: [
        { request: { query: RegisterDocument, variables: { input: registerInput } }, result: sent },
        {
          request: { query: VerifyRegistrationDocument, variables: { input: { userId: 'user-1', otp: '000000' } } },
          result: gqlError('Invalid or expired OTP', 'VALIDATION', { fields: { otp: 'Invalid or expired OTP' } }),
        },
        {
          request: { query: VerifyRegistrationDocument, variables: { input: { userId: 'user-1', otp: '123456' } } },
          result: {
            data: {
              verifyRegistration: { __typename: 'AuthPayload', token: 'jwt-new', message: 'Registration completed successfully!', user: viewer() },
            },
          },
        },
      ],
    });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.click(await screen.findByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired OTP');

    await user.clear(screen.getByLabelText('OTP'));
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Registration completed successfully!')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('jwt-new');
    expect(window.localStorage.getItem('authToken')).toBe('jwt-new');

    act(() => {
      jest.advanceTimersByTime(1900);
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(150);
    });
    expect(onClose).toHaveBeenCalled();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
