/**
 * A code that was sent, remembered for this tab (sessionStorage) so that a reload does not lose the
 * code step: the code already in the inbox can still be typed, with Resend OTP counting down the
 * API's wait from the time it was sent. Never a password or the code itself: only where it went,
 * when, and what the screen needs to check it (e.g. the account id the API answered with).
 */

/** The API's wait between two codes to one address (api/src/auth/otp.service.ts OTP_RESEND_SECONDS). */
export const OTP_RESEND_SECONDS = 60;
/** How long a code works (api/src/auth/otp.service.ts OTP_VALID_MINUTES). */
export const OTP_VALID_MINUTES = 10;

/** The screens that send codes, each with its own entry. */
export type OtpMemoryKey = 'login' | 'signup' | 'registration';

export interface SentCode<T> {
  email: string;
  /** Epoch milliseconds of the send. */
  sentAt: number;
  data: T;
}

const storageKey = (key: OtpMemoryKey) => `otpSent:${key}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers that a code went to `email` now. */
export function rememberSentCode<T>(key: OtpMemoryKey, email: string, data: T, now = Date.now()): void {
  try {
    storage()?.setItem(storageKey(key), JSON.stringify({ email: email.trim(), sentAt: now, data } satisfies SentCode<T>));
  } catch {
    // storage full or unavailable: a reload then starts again, as before
  }
}

/** The code this screen sent in this tab, while it still works; null otherwise. */
export function recallSentCode<T>(key: OtpMemoryKey, now = Date.now()): SentCode<T> | null {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(storageKey(key)) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as SentCode<T>;
    const age = now - value.sentAt;
    if (typeof value.email !== 'string' || !Number.isFinite(age) || age < 0 || age >= OTP_VALID_MINUTES * 60_000) {
      forgetSentCode(key);
      return null;
    }
    return value;
  } catch {
    forgetSentCode(key);
    return null;
  }
}

/** The remembered code of `key` when it went to `email` (case and spaces ignored). */
export function recallSentCodeFor<T>(key: OtpMemoryKey, email: string, now = Date.now()): SentCode<T> | null {
  const sent = recallSentCode<T>(key, now);
  return sent && sent.email.toLowerCase() === email.trim().toLowerCase() ? sent : null;
}

export function forgetSentCode(key: OtpMemoryKey): void {
  try {
    storage()?.removeItem(storageKey(key));
  } catch {
    // nothing to forget
  }
}

/** Seconds left of the API's wait before another code may be sent, counted from the send. */
export function resendWaitSeconds(sentAt: number, now = Date.now()): number {
  return Math.max(0, Math.ceil(OTP_RESEND_SECONDS - (now - sentAt) / 1000));
}
