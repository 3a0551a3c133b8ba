// Text typed into a server-drawn form before the page's script ran survives hydration (and a fresh
// render that replaces the served HTML), and the live form sends it: main.tsx watches the served forms
// (watchEarlyInput) and the forms start from what was typed (lib/early-input.ts).
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot } from 'react-dom/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RegisterDocument, RequestLoginCodeDocument, SendSignupCodeDocument, SignUpDocument, SubmitContactDocument } from '@/gql/graphql';
import { viewer } from '@/testing/fixtures';
import { hydrateServerHtml } from '@/testing/hydrate';
import LoginPage from '@/features/accounts/components/login-page';
import RegisterPage from '@/features/accounts/components/register-page';
import { ContactForm } from '@/features/contact/components/contact-form';
import RegistrationForm from '@/features/registration/components/registration-form';
import { resetEarlyInput, watchEarlyInput } from './early-input';

const email = 'asha@example.org';

function app(path: string, element: ReactElement, mocks: ReadonlyArray<MockLink.MockedResponse> = []) {
  return (
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="/verify-otp" element={<p>verify page</p>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>
  );
}

/** The server's HTML of `ui` in the document, watched as main.tsx watches it; typing goes into it before any script. */
function serve(ui: ReactElement) {
  const html = renderToString(ui);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  watchEarlyInput(container);
  return container;
}

/** Hydrates the served HTML in `container` with `ui` (as main.tsx does), recording mismatches. */
async function hydrate(container: HTMLElement, ui: ReactElement) {
  container.remove();
  const hydrated = await hydrateServerHtml(container.innerHTML, ui);
  return hydrated;
}

describe('Text typed before hydration', () => {
  beforeEach(() => resetEarlyInput());

  it('login: the typed address stays after hydration and Send OTP sends it', async () => {
    const user = userEvent.setup();
    const container = serve(app('/login', <LoginPage />));
    await user.type(within(container).getByLabelText('Email'), email);
    // (hydrateServerHtml takes the HTML: the typed value goes along as the DOM's, as in a browser.)
    container.remove();
    document.body.appendChild(container);
    const ui = app('/login', <LoginPage />, [
      { request: { query: RequestLoginCodeDocument, variables: { email } }, result: { data: { requestLoginCode: { __typename: 'CodeSentPayload', userId: 'u-1', message: 'sent' } } } },
    ]);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { hydrateRoot } = await import('react-dom/client');
      await act(async () => {
        hydrateRoot(container, ui, { onRecoverableError: (error) => console.error('recoverable', error) });
      });
      expect(errors).not.toHaveBeenCalled();
      const input = screen.getByLabelText('Email');
      expect(input).toHaveValue(email);
      // A re-render (here: a field error elsewhere would do the same) keeps it: the state has it.
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();
      expect(screen.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeInTheDocument();
    } finally {
      errors.mockRestore();
      container.remove();
    }
  });

  it('sign-up (react-hook-form): every field typed, the radio chosen and the passwords stay; the live form sends them', async () => {
    const user = userEvent.setup();
    const container = serve(app('/register', <RegisterPage />));
    const served = within(container);
    await user.type(served.getByLabelText('Full name'), 'Asha Devi');
    await user.type(served.getByLabelText('Email'), email);
    await user.type(served.getByLabelText('Phone'), '9876543210');
    await user.type(served.getByLabelText('Password'), 'secret-1');
    await user.type(served.getByLabelText('Confirm password'), 'secret-1');
    await user.click(served.getByRole('radio', { name: 'Graduate or above' }));

    const { hydrateRoot } = await import('react-dom/client');
    const ui = app('/register', <RegisterPage />, [
      { request: { query: SendSignupCodeDocument, variables: { input: { email, phone: '9876543210' } } }, result: { data: { sendSignupCode: { __typename: 'MessagePayload', message: 'sent' } } } },
      {
        request: {
          query: SignUpDocument,
          variables: { input: { name: 'Asha Devi', email, phone: '9876543210', password: 'secret-1', confirmPassword: 'secret-1', userType: 'graduate', otp: '123456' } },
        },
        result: { data: { signUp: { __typename: 'AuthPayload', token: 'jwt', message: 'ok', user: viewer() } } },
      },
    ]);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await act(async () => {
        hydrateRoot(container, ui, { onRecoverableError: (error) => console.error('recoverable', error) });
      });
      expect(errors).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Full name')).toHaveValue('Asha Devi');
      expect(screen.getByLabelText('Email')).toHaveValue(email);
      expect(screen.getByLabelText('Phone')).toHaveValue('9876543210');
      expect(screen.getByLabelText('Password')).toHaveValue('secret-1');
      expect(screen.getByRole('radio', { name: 'Graduate or above' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();
      await user.type(screen.getByLabelText('OTP'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
      expect(await screen.findByText('verify page')).toBeInTheDocument();
    } finally {
      errors.mockRestore();
      container.remove();
    }
  });

  it('contact (react-hook-form): the message typed stays, and Send sends it', async () => {
    const user = userEvent.setup();
    const container = serve(app('/contact', <ContactForm />));
    const served = within(container);
    const input = { name: 'Asha', email, phone: '9876543210', subject: 'Hello', message: 'A question about the camp' };
    await user.type(served.getByLabelText('Name'), input.name);
    await user.type(served.getByLabelText('Email'), input.email);
    await user.type(served.getByLabelText('Phone'), input.phone);
    await user.type(served.getByLabelText('Subject'), input.subject);
    await user.type(served.getByLabelText('Message'), input.message);

    const { hydrateRoot } = await import('react-dom/client');
    const ui = app('/contact', <ContactForm />, [
      { request: { query: SubmitContactDocument, variables: { input } }, result: { data: { submitContact: { __typename: 'MessagePayload', message: 'ok' } } } },
    ]);
    await act(async () => {
      hydrateRoot(container, ui);
    });
    try {
      expect(screen.getByLabelText('Message')).toHaveValue(input.message);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(await screen.findByRole('status')).toHaveTextContent(/Thank you/);
    } finally {
      container.remove();
    }
  });

  it('contact rendered afresh over the served page keeps the message, and sends it', async () => {
    const user = userEvent.setup();
    const container = serve(app('/contact', <ContactForm />));
    const served = within(container);
    const input = { name: 'Asha', email, phone: '9876543210', subject: 'Hello', message: 'Typed on a slow phone' };
    await user.type(served.getByLabelText('Name'), input.name);
    await user.type(served.getByLabelText('Email'), input.email);
    await user.type(served.getByLabelText('Phone'), input.phone);
    await user.type(served.getByLabelText('Subject'), input.subject);
    await user.type(served.getByLabelText('Message'), input.message);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        app('/contact', <ContactForm />, [
          { request: { query: SubmitContactDocument, variables: { input } }, result: { data: { submitContact: { __typename: 'MessagePayload', message: 'ok' } } } },
        ]),
      ),
    );
    try {
      expect(screen.getByLabelText('Message')).toHaveValue(input.message);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(await screen.findByRole('status')).toHaveTextContent(/Thank you/);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('a page rendered afresh over the served one (another language, signed in) keeps what was typed', async () => {
    const user = userEvent.setup();
    const container = serve(app('/login', <LoginPage />));
    await user.type(within(container).getByLabelText('Email'), email);
    const root = createRoot(container);
    await act(async () => root.render(app('/login', <LoginPage />)));
    try {
      const input = screen.getByLabelText('Email');
      expect(input).toHaveValue(email);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('the registration dialog drawn by the server: what was typed stays, and Send OTP sends it', async () => {
    const user = userEvent.setup();
    const dialog = () => <RegistrationForm category="graduate" onClose={() => {}} />;
    const container = serve(app('/registration', dialog()));
    const served = within(container);
    await user.type(served.getByLabelText('Full name'), 'Asha Devi');
    await user.type(served.getByLabelText('Email'), email);
    await user.type(served.getByLabelText('Phone'), '9876543210');
    const { hydrateRoot } = await import('react-dom/client');
    const ui = app('/registration', dialog(), [
      {
        request: { query: RegisterDocument, variables: { input: { name: 'Asha Devi', email, phone: '9876543210', category: 'graduate' } } },
        result: { data: { register: { __typename: 'CodeSentPayload', userId: 'u-2', message: 'sent' } } },
      },
    ]);
    await act(async () => {
      hydrateRoot(container, ui);
    });
    try {
      expect(screen.getByLabelText('Full name')).toHaveValue('Asha Devi');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('OTP sent to your email/phone')).toBeInTheDocument();
    } finally {
      container.remove();
    }
  });

  it('a form the reader did not touch starts empty, as drawn', async () => {
    const container = serve(app('/login', <LoginPage />));
    const hydrated = await hydrate(container, app('/login', <LoginPage />));
    try {
      expect(hydrated.errors).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Email')).toHaveValue('');
    } finally {
      hydrated.cleanup();
    }
  });
});
