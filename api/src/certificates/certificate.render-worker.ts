// A worker thread of the certificate renderer (certificate.renderer.ts): draws one PDF per task, off the
// API's event loop. Its fonts are loaded once per thread, on the first task.
import { renderCertificate, type CertificateInput } from './certificate.pdf';

export default async function render(input: CertificateInput): Promise<Uint8Array> {
  return renderCertificate(input);
}
