// The few REST calls of the portal: image uploads and CSV/PDF downloads, with the admin bearer token.
import { env } from '@/config/env';
import { ADMIN_CONTENT_LANGUAGE } from './content-languages';
import { RestError } from './errors';
import { getAdminToken } from './session';
import { handleUnauthenticated } from './unauthenticated';
import { en } from '@/i18n/en';

/** The bearer token, and English answers whatever the browser prefers (as the Apollo client asks). */
function authHeaders(): Record<string, string> {
  const token = getAdminToken();
  return { 'Accept-Language': ADMIN_CONTENT_LANGUAGE, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

async function failure(res: Response, fallback: string): Promise<RestError> {
  let body: { msg?: string; message?: string; error?: string; code?: string } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  const retry = Number(res.headers.get('Retry-After'));
  if (res.status === 401) handleUnauthenticated();
  return new RestError(
    body.msg || body.message || body.error || fallback,
    res.status,
    body.code ?? (res.status === 429 ? 'RATE_LIMITED' : undefined),
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

export interface UploadedImage {
  imageKey: string;
  imageUrl: string;
  imageSrcSet?: string | null;
}

/** `POST /api/uploads` (multipart field `image`) → the stored image's key for a later mutation. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file);
  const res = await fetch(`${env.apiUrl}/uploads`, { method: 'POST', headers: authHeaders(), body: form });
  if (!res.ok) throw await failure(res, en.errors.uploadFailed);
  const body = (await res.json()) as { data?: UploadedImage };
  if (!body.data?.imageKey) throw new RestError(en.errors.uploadFailed, res.status);
  return body.data;
}

/** Fetches a CSV export with the token and hands it to the browser as a file download. */
export const downloadCsv = (path: string, filename: string): Promise<void> => downloadFile(path, filename, 'text/csv');

/** Fetches a file (CSV, PDF) with the token and hands it to the browser as a download. */
export async function downloadFile(path: string, filename: string, accept: string): Promise<void> {
  const res = await fetch(`${env.apiUrl}${path}`, { headers: { ...authHeaders(), Accept: accept } });
  if (!res.ok) throw await failure(res, en.errors.downloadFailed);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const csvPaths = {
  users: (params: { category?: string; search?: string; status?: string }) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
    const s = q.toString();
    return `/admin/export/users.csv${s ? `?${s}` : ''}`;
  },
  students: (search?: string) => `/admin/export/students.csv${search ? `?search=${encodeURIComponent(search)}` : ''}`,
  eventRegistrations: (eventId: string) => `/admin/export/events/${encodeURIComponent(eventId)}/registrations.csv`,
  eventAttendance: (eventId: string) => `/admin/export/events/${encodeURIComponent(eventId)}/attendance.csv`,
  eventFeedback: (eventId: string) => `/admin/export/events/${encodeURIComponent(eventId)}/feedback.csv`,
};
