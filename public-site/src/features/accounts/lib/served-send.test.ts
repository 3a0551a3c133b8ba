import { recallSentCode } from '@/components/ui/otp-memory';
import { rememberServedSend } from './served-send';

describe('rememberServedSend', () => {
  const sentAt = Date.now() - 5_000;

  it('remembers a login code the server asked for, with its account and time (never a code)', () => {
    rememberServedSend({ form: 'login', outcome: 'sent', values: { email: 'asha@example.org' }, userId: 'u-1', sentAt });
    expect(recallSentCode('login')).toEqual({ email: 'asha@example.org', sentAt, data: { userId: 'u-1' } });
  });

  it('remembers a sign-up code with the details a reload brings back (no password)', () => {
    rememberServedSend({ form: 'signup', outcome: 'sent', values: { email: 'asha@example.org', name: 'Asha', phone: '9876543210', userType: 'graduate' }, sentAt });
    expect(recallSentCode('signup')).toEqual({ email: 'asha@example.org', sentAt, data: { name: 'Asha', phone: '9876543210', userType: 'graduate' } });
  });

  it('remembers nothing for a refused or invalid form, or none', () => {
    rememberServedSend({ form: 'login', outcome: 'failed', values: { email: 'asha@example.org' }, error: { code: 'NOT_FOUND' } });
    rememberServedSend({ form: 'signup', outcome: 'invalid', values: { email: 'x' }, fieldErrors: { email: 'validation.emailInvalidShort' } });
    rememberServedSend(undefined);
    expect(recallSentCode('login')).toBeNull();
    expect(recallSentCode('signup')).toBeNull();
  });
});
