// A page the site server drew from a form sent before the script ran (handleForm's page data): the
// browser hydrates it without a mismatch and goes on from there.
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { recallSentCode } from '@/components/ui/otp-memory';
import type { ServedForm } from '@/rendering/served-page';
import { hydrateServerHtml } from '@/testing/hydrate';
import LoginPage from './login-page';
import RegisterPage from './register-page';

function page(path: string, form: ServedForm, element: React.ReactElement) {
  return (
    <MockedProvider mocks={[]}>
      <AppProvider served={{ language: 'en', data: { form }, key: 'default' }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MemoryRouter>
      </AppProvider>
    </MockedProvider>
  );
}

describe('A page drawn from a form sent before the script ran', () => {
  it('login: hydrates at the code step, remembers the send for the tab and waits before Resend', async () => {
    const form: ServedForm = { form: 'login', outcome: 'sent', values: { email: 'asha@example.org' }, userId: 'u-1', sentAt: Date.now() - 10_000 };
    const html = renderToString(page('/login', form, <LoginPage />));
    const hydrated = await hydrateServerHtml(html, page('/login', form, <LoginPage />));
    try {
      expect(hydrated.errors).not.toHaveBeenCalled();
      expect(screen.getByText('OTP sent to your email')).toBeInTheDocument();
      expect(screen.getByLabelText('OTP')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
      expect(screen.getByText(/You can request a new code in (4\d|50) seconds\./)).toBeInTheDocument();
      expect(recallSentCode('login')).toMatchObject({ email: 'asha@example.org', data: { userId: 'u-1' } });
    } finally {
      hydrated.cleanup();
    }
  });

  it('sign-up: hydrates with the field errors and the typed values, the passwords empty', async () => {
    const form: ServedForm = {
      form: 'signup',
      outcome: 'invalid',
      values: { name: 'Asha', email: 'asha@', phone: '9876543210', userType: 'graduate' },
      fieldErrors: { email: 'validation.emailInvalidShort', confirmPassword: 'validation.passwordsMatch' },
    };
    const html = renderToString(page('/register', form, <RegisterPage />));
    const hydrated = await hydrateServerHtml(html, page('/register', form, <RegisterPage />));
    try {
      expect(hydrated.errors).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Email')).toHaveValue('asha@');
      expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Invalid email address')).toBeInTheDocument();
      expect(screen.getByText('Passwords must match')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Graduate or above' })).toBeChecked();
      expect(screen.getByLabelText('Password')).toHaveValue('');
    } finally {
      hydrated.cleanup();
    }
  });
});
