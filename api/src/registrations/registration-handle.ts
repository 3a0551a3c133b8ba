import { createHmac } from 'node:crypto';

/**
 * The REST event shape lists its registrations (old clients count them), but nobody may learn who
 * registered: each entry is a handle of the registration, 24 hex characters like the ids old clients
 * knew, stable for as long as the registration exists and useless anywhere else. It is keyed by the
 * server's secret, so it cannot be linked back to the registration's id or the person.
 */
export function registrationHandles(secret: string): (registrationId: string) => string {
  const key = createHmac('sha256', secret).update('registration-handle').digest();
  return (registrationId) => createHmac('sha256', key).update(registrationId).digest('hex').slice(0, 24);
}
