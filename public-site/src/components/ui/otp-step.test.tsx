import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { gqlError } from '@/testing/fixtures';
import { codeProblem, NoticeBox, OtpStep, OtpWait, useOtpFlow, type OtpFlowOptions } from './otp-step';

/** A GraphQL error as Apollo throws it from a mutation. */
const apolloError = (...args: Parameters<typeof gqlError>) => new CombinedGraphQLErrors(gqlError(...args));
const rateLimited = (seconds: number) =>
  apolloError('A code was just sent to this e-mail. Please wait a minute before asking for a new one.', 'RATE_LIMITED', {
    retryAfterSeconds: seconds,
  });

type Harness = Partial<OtpFlowOptions> & { onBack?: () => void };

/** Step 1 (Send OTP) and step 2 (<OtpStep>) around one flow, as the screens use it. */
function Flow({ onBack, ...options }: Harness) {
  const [step, setStep] = useState<1 | 2>(1);
  const flow = useOtpFlow({
    send: async () => 'OTP sent to your email',
    sendFailureKey: 'login.failure',
    verify: async () => undefined,
    verifyFailureKey: 'login.otpFailure',
    ...options,
  });
  if (step === 1) {
    return (
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (await flow.requestCode()) {
            flow.reset();
            setStep(2);
          }
        }}
      >
        <NoticeBox notice={flow.notice} />
        <OtpWait flow={flow} />
        <button type="submit" disabled={flow.sending || flow.waitSeconds > 0}>
          Send OTP
        </button>
      </form>
    );
  }
  return (
    <OtpStep
      flow={flow}
      email=" asha@example.org "
      verifyLabel="Verify OTP"
      verifyingLabel="Verifying..."
      back={{
        label: 'Back',
        onClick: () => {
          onBack?.();
          setStep(1);
        },
      }}
    />
  );
}

async function toStep2(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  return screen.findByLabelText('OTP');
}

describe('codeProblem', () => {
  it('asks for the code, then for 6 digits', () => {
    expect(codeProblem('')).toBe('validation.otpRequired');
    expect(codeProblem('12345')).toBe('validation.otpDigits');
    expect(codeProblem('12345a')).toBe('validation.otpDigits');
    expect(codeProblem('1234567')).toBe('validation.otpDigits');
    expect(codeProblem('123456')).toBeUndefined();
  });
});

describe('OtpStep', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the sent message, the hint naming the address, a 6-character numeric field with the focus', async () => {
    const user = userEvent.setup();
    render(<Flow />);
    const field = await toStep2(user);
    expect(screen.getByRole('status')).toHaveTextContent('OTP sent to your email');
    expect(field).toHaveFocus();
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('maxLength', '6');
    expect(field).toHaveAttribute('inputMode', 'numeric');
    expect(field).toHaveAttribute('autoComplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription('Enter the 6-digit code we sent to asha@example.org.');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('validates: OTP is required, OTP must be 6 digits, spaces are dropped; nothing is checked before', async () => {
    const user = userEvent.setup();
    const verify = jest.fn(async () => undefined);
    render(<Flow verify={verify} />);
    const field = await toStep2(user);

    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP is required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/OTP is required/);
    expect(field).toHaveFocus();

    await user.type(field, '12a');
    await user.keyboard('{Enter}');
    expect(screen.getByText('OTP must be 6 digits')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '123 456');
    expect(field).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(verify).toHaveBeenCalledWith('123456');
    expect(screen.queryByText('OTP must be 6 digits')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('verify: the busy label on a disabled button, then the server message or the fallback, focus back on the code', async () => {
    const user = userEvent.setup();
    let fail!: (error: unknown) => void;
    const verify = jest
      .fn<Promise<void>, [string]>()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockRejectedValueOnce(new Error('offline'));
    render(<Flow verify={verify} />);
    const field = (await toStep2(user)) as HTMLInputElement;
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(field.closest('form')).toHaveAttribute('aria-busy', 'true');

    await act(async () => fail(apolloError('Too many wrong codes. Please ask for a new one.', 'VALIDATION', { fields: { otp: 'Too many wrong codes.' } })));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes. Please ask for a new one.');
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeEnabled();
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 6]);

    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired OTP'); // the fallback, login.otpFailure
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('resend: sends again, the busy label, the message again, the focus back on the code', async () => {
    const user = userEvent.setup();
    let sent!: (text: string) => void;
    const send = jest
      .fn<Promise<string>, []>()
      .mockResolvedValueOnce('OTP sent to your email')
      .mockImplementationOnce(() => new Promise((resolve) => (sent = resolve)));
    render(<Flow send={send} />);
    const field = await toStep2(user);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(screen.getByRole('button', { name: 'Resending...' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => sent('OTP sent to your email'));
    expect(send).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toHaveTextContent('OTP sent to your email');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    expect(field).toHaveValue('12');
    expect(field).toHaveFocus();
  });

  it('resend answered RATE_LIMITED: the server message, a countdown from retryAfterSeconds, Resend disabled until it ends', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const send = jest.fn<Promise<string>, []>().mockResolvedValueOnce('OTP sent to your email').mockRejectedValueOnce(rateLimited(60));
    render(<Flow send={send} />);
    const field = await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before asking for a new one.');
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(screen.getByText('You can request a new code in 60 seconds.')).toHaveAttribute('role', 'status');
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription('You can request a new code in 60 seconds.');
    expect(field).toHaveFocus();

    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByText('You can request a new code in 59 seconds.')).toBeInTheDocument();
    for (let i = 0; i < 58; i += 1) {
      act(() => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(screen.getByText('You can request a new code in 1 seconds.')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.queryByText(/You can request a new code/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();
    expect(resend).not.toHaveAttribute('aria-describedby');
  });

  it('the wait also holds the first Send OTP, and carries over to the code step', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const send = jest.fn<Promise<string>, []>().mockRejectedValueOnce(rateLimited(3)).mockResolvedValue('OTP sent to your email');
    render(<Flow send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('You can request a new code in 3 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeDisabled();
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    for (let i = 0; i < 3; i += 1) {
      act(() => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
    await toStep2(user);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a failed send without a server message shows the fallback and no wait', async () => {
    const user = userEvent.setup();
    render(<Flow send={jest.fn().mockRejectedValue(new Error('offline'))} />);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(screen.queryByText(/You can request a new code/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  });

  it('a double tap sends one code and checks it once', async () => {
    const user = userEvent.setup();
    const send = jest.fn(async () => 'OTP sent to your email');
    let done!: () => void;
    const verify = jest.fn(() => new Promise<void>((resolve) => (done = resolve)));
    render(<Flow send={send} verify={verify} />);
    const field = await toStep2(user);
    await user.type(field, '123456');
    await user.keyboard('{Enter}{Enter}');
    expect(verify).toHaveBeenCalledTimes(1);
    await act(async () => done());
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('Back leaves the step; a new step 2 starts with an empty code', async () => {
    const user = userEvent.setup();
    const onBack = jest.fn();
    render(<Flow onBack={onBack} />);
    await user.type(await toStep2(user), '999');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    expect(await toStep2(user)).toHaveValue('');
  });
});
