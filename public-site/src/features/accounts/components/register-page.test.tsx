import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { SendSignupCodeDocument, SignUpDocument } from '@/gql/graphql';
import { gqlError, viewer } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import RegisterPage from './register-page';

const values = { name: 'Meera Singh', email: 'meera@example.org', phone: '9123456780', password: 'secret1', confirmPassword: 'secret1' };

function renderPage(mocks: NonNullable<Parameters<typeof renderWithProviders>[1]>['mocks'] = []) {
  return renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/verify-otp" element={<p>verify page</p>} />
    </Routes>,
    { mocks, route: '/register' },
  );
}

const teacher = 'Teacher of primary-school children';

async function fill(user: ReturnType<typeof userEvent.setup>, v = values, who: string | null = 'Graduate or above') {
  await user.type(screen.getByLabelText('Full name'), v.name);
  await user.type(screen.getByLabelText('Email'), v.email);
  await user.type(screen.getByLabelText('Phone'), v.phone);
  await user.type(screen.getByLabelText('Password'), v.password);
  await user.type(screen.getByLabelText('Confirm password'), v.confirmPassword);
  if (who) await user.click(screen.getByRole('radio', { name: who }));
}

describe('RegisterPage', () => {
  beforeEach(() => window.localStorage.clear());

  it('asks who the person is, preselects nothing, and says that the teacher choice needs approval', async () => {
    const user = userEvent.setup();
    const result = jest.fn(() => ({ data: { sendSignupCode: { __typename: 'MessagePayload', message: 'OTP sent to your email' } } }));
    renderPage([{ request: { query: SendSignupCodeDocument, variables: () => true }, result }]);
    const group = screen.getByRole('radiogroup', { name: 'Who are you registering as?' });
    const radios = within(group).getAllByRole('radio');
    // The API's values, unchanged; none of them chosen before the person chooses.
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['upperStudent', 'graduate', 'student']);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Student, classes 6 to 12' })).toHaveAccessibleDescription(/ready as soon as your e-mail is verified/);
    expect(screen.getByRole('radio', { name: 'Graduate or above' })).toHaveAccessibleDescription(/ready as soon as your e-mail is verified/);
    const teacherChoice = screen.getByRole('radio', { name: teacher });
    expect(teacherChoice).toHaveAttribute('value', 'student');
    expect(teacherChoice).toHaveAccessibleDescription(
      'For teachers who enrol primary-school children. Our team approves teacher accounts before you can add your students.',
    );
    expect(screen.getByText(/Primary-school children do not register themselves/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add students (for teachers)' })).toHaveAttribute('href', '/add-student');
    expect(screen.queryByText('Primary Student')).not.toBeInTheDocument();

    // Everything else filled in, but no choice: a clear error and nothing is sent.
    await fill(user, values, null);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please choose who you are registering as.')).toBeInTheDocument();
    expect(result).not.toHaveBeenCalled();

    await user.click(teacherChoice);
    expect(teacherChoice).toBeChecked();
    expect(screen.queryByText('Please choose who you are registering as.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
    expect(result).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('shows the form messages for every invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    const result = jest.fn(() => ({ data: { sendSignupCode: { message: 'sent' } } }));
    renderPage([{ request: { query: SendSignupCodeDocument, variables: () => true }, result }]);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2); // name, email
    expect(screen.getByText('Phone must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Please choose who you are registering as.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Who are you registering as?' })).toHaveAccessibleDescription('Please choose who you are registering as.');

    await fill(user, { ...values, email: 'meera@', phone: '12345', password: 'abc', confirmPassword: 'abd' });
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(result).not.toHaveBeenCalled();
  });

  it('sends the code, checks the OTP, Back keeps the details, then signs up and goes to /verify-otp', async () => {
    const user = userEvent.setup();
    renderPage([
      {
        request: { query: SendSignupCodeDocument, variables: { input: { email: values.email, phone: values.phone } } },
        result: { data: { sendSignupCode: { __typename: 'MessagePayload', message: 'OTP sent to your email' } } },
        delay: 50,
        maxUsageCount: 2,
      },
      {
        request: { query: SignUpDocument, variables: { input: { ...values, userType: 'graduate', otp: '123456' } } },
        result: { data: { signUp: { __typename: 'AuthPayload', token: 'jwt-signup', message: 'Registration completed successfully!', user: viewer() } } },
        delay: 50,
      },
    ]);
    await fill(user, values, 'Graduate or above');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('OTP'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Full name')).toHaveValue(values.name);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    const otp = await screen.findByLabelText('OTP');
    await user.clear(otp);
    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('button', { name: 'Verifying OTP...' })).toBeDisabled();
    expect(await screen.findByText('verify page')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('jwt-signup');
  }, 20_000);

  it('the code step offers Resend OTP, which waits as long as the API asks', async () => {
    const user = userEvent.setup();
    const sent = jest.fn(() => ({ data: { sendSignupCode: { __typename: 'MessagePayload', message: 'OTP sent to your email' } } }));
    renderPage([
      { request: { query: SendSignupCodeDocument, variables: { input: { email: values.email, phone: values.phone } } }, result: sent, maxUsageCount: 2 },
      {
        request: { query: SendSignupCodeDocument, variables: () => true },
        result: gqlError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', { retryAfterSeconds: 30 }),
      },
    ]);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const otp = await screen.findByLabelText('OTP');
    expect(screen.getByText('Step 2 of 2: Verify your e-mail')).toBeInTheDocument();
    expect(otp).toHaveFocus();
    expect(otp).toHaveAccessibleDescription(`Enter the 6-digit code we sent to ${values.email}.`);

    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('status')).toHaveTextContent('OTP sent to your email');
    expect(sent).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute');
    expect(screen.getByText('You can request a new code in 30 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  });

  it('a reload after the code was sent brings the details back (not the password); Send OTP then goes back to the code already sent', async () => {
    const user = userEvent.setup();
    const signUp = jest.fn(() => ({ data: { signUp: { __typename: 'AuthPayload', token: 'jwt-reloaded', message: 'Registration completed successfully!', user: viewer() } } }));
    const first = renderPage([
      {
        request: { query: SendSignupCodeDocument, variables: { input: { email: values.email, phone: values.phone } } },
        result: { data: { sendSignupCode: { __typename: 'MessagePayload', message: 'OTP sent to your email' } } },
      },
    ]);
    await fill(user, values, 'Student, classes 6 to 12');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
    first.unmount();

    renderPage([
      {
        request: { query: SendSignupCodeDocument, variables: { input: { email: values.email, phone: values.phone } } },
        result: gqlError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', { retryAfterSeconds: 45 }),
      },
      { request: { query: SignUpDocument, variables: { input: { ...values, userType: 'upperStudent', otp: '112233' } } }, result: signUp },
    ]);
    expect(await screen.findByText(`We already sent a code to ${values.email}. Enter your password again and press Send OTP to go on to the code.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue(values.name);
    expect(screen.getByLabelText('Email')).toHaveValue(values.email);
    expect(screen.getByLabelText('Phone')).toHaveValue(values.phone);
    expect(screen.getByRole('radio', { name: 'Student, classes 6 to 12' })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(JSON.stringify(window.sessionStorage)).not.toContain(values.password);

    await user.type(screen.getByLabelText('Password'), values.password);
    await user.type(screen.getByLabelText('Confirm password'), values.confirmPassword);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const otp = await screen.findByLabelText('OTP');
    expect(screen.getByText('The code we already sent you still works: enter it below.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('You can request a new code in 45 seconds.')).toBeInTheDocument();
    await user.type(otp, '112233');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('verify page')).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.length).toBe(0);
  }, 20_000);

  it('shows the server message, or Registration failed, in a red alert', async () => {
    const user = userEvent.setup();
    renderPage([
      {
        request: { query: SendSignupCodeDocument, variables: () => true },
        result: gqlError('An account with this email already exists. Please log in.', 'CONFLICT'),
      },
      { request: { query: SendSignupCodeDocument, variables: () => true }, error: new Error('offline') },
    ]);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists. Please log in.');
    expect(alert).toHaveClass('alert--error');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Registration failed')).toHaveAttribute('role', 'alert');
  });
});
