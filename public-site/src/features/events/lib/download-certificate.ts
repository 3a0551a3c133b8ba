import { getAuthToken } from '@/lib/auth-token';

export type CertificateDownloadError = 'UNAUTHENTICATED' | 'UNAVAILABLE' | 'NETWORK';

export class CertificateDownloadFailure extends Error {
  constructor(readonly reason: CertificateDownloadError) {
    super(`Certificate download failed: ${reason}`);
  }
}

/**
 * Downloads the signed-in viewer's certificate PDF. A plain link cannot send the bearer token, so
 * the file is fetched with it and saved from a blob.
 */
export async function downloadCertificate(url: string, fileName: string): Promise<void> {
  const token = getAuthToken();
  if (!token) throw new CertificateDownloadFailure('UNAUTHENTICATED');
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new CertificateDownloadFailure('NETWORK');
  }
  if (response.status === 401) throw new CertificateDownloadFailure('UNAUTHENTICATED');
  if (!response.ok) throw new CertificateDownloadFailure('UNAVAILABLE');
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled (the browser has started the download by then).
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}
