import { apiPaths } from '@/config/paths';
import { getAuthToken } from '@/lib/auth-token';

/**
 * Downloads an event's calendar file as the signed-in reader: sent with their token, the API puts the
 * meeting link in it for a registrant (a plain link sends no token, and gets the public file).
 */
export async function downloadCalendar(eventId: string, lang: string, fileName: string): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(apiPaths.eventIcs(eventId, lang), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`calendar file: ${response.status}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}
