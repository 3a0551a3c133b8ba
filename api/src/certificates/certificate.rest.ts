import { arrayOf, boolean, COUNT, dateTime, idParam, integer, MESSAGE, MESSAGE_ONLY, nullable, ok, okData, oneOfValues, string, uuid, viewSchema } from '../openapi/schema';
import { LANGUAGES } from '../i18n/languages';
import { route } from '../rest/route';
import type { CertificateListRow, CertificateVerificationResult } from './certificate.service';
import { IssueCertificatesInput, RevokeCertificateInput } from './certificate.types';

const CODE = { description: 'The verification code printed on the certificate (XXXX-XXXX-XXXX-XXXX; case and dashes do not matter)', schema: string() };

export const certificateSchema = viewSchema<CertificateListRow>('Certificate', {
  code: string('The verification code'),
  userId: uuid(),
  name: string('The name on the certificate'),
  language: oneOfValues(LANGUAGES, 'The language of the certificate'),
  issuedAt: dateTime(),
  revokedAt: nullable(dateTime()),
  revokeReason: nullable(string()),
}, { description: "A certificate as the admin's list shows it" });

export const certificateVerificationSchema = viewSchema<CertificateVerificationResult>('CertificateVerification', {
  code: string(),
  valid: boolean('Issued by the mission and not revoked'),
  participantName: string(),
  eventTitle: string(),
  eventDate: dateTime('When the event started'),
  eventPlace: string(),
  issuedAt: dateTime(),
  revokedAt: nullable(dateTime()),
  message: MESSAGE,
}, { description: 'What the public check of a code shows' });

/** Certificates: issue and list (admin), the person's own PDF, revoke (admin) and the public check of a code. */
export const certificateRoutes = [
  route('post', '/events/:id/certificates', 'admin', {
    summary: 'Issue certificates of an ended event',
    description: 'To everyone who was checked in and has none yet, or (userId) to one person who attended. Mails each new certificate.',
    tag: 'Certificates',
    params: { id: idParam('The event') },
    body: IssueCertificatesInput,
    response: { description: 'How many were issued', schema: ok({ issued: integer('Issued by this call (0 when everyone who attended has one)'), message: MESSAGE }) },
    errors: ['CONFLICT', 'EVENT_CANCELLED'],
  }, async (ctx) => {
    const r = await ctx.services.certificates.issue(ctx.viewer!, ctx.params.id, { userId: ctx.body.userId });
    return { success: true, issued: r.issued, message: r.message };
  }),
  route('get', '/events/:id/certificates', 'admin', {
    scope: 'certificates:read',
    summary: "An event's certificates",
    tag: 'Certificates',
    params: { id: idParam('The event') },
    response: { description: 'Every certificate of the event, by name', schema: okData(arrayOf(certificateSchema)) },
  }, async (ctx) => ({ success: true, data: await ctx.services.certificates.list(ctx.params.id) })),
  route('get', '/events/:id/certificates/to-issue', 'admin', {
    scope: 'certificates:read',
    summary: 'How many certificates an issue would send now',
    description: 'Attendees (checked in) of the event who have no certificate yet: what `POST /events/{id}/certificates` would issue and mail.',
    tag: 'Certificates',
    params: { id: idParam('The event') },
    response: { description: 'The count', schema: COUNT },
  }, async (ctx) => ({ success: true, count: await ctx.services.certificates.toIssueCount(ctx.params.id) })),
  route('get', '/events/:id/certificate', 'user', {
    summary: 'Your certificate of an event, as a PDF',
    tag: 'Certificates',
    params: { id: idParam('The event') },
    response: { description: 'The PDF (an attachment)', contentType: 'application/pdf' },
    errors: ['FORBIDDEN'],
  }, async (ctx) => {
    const file = await ctx.services.certificates.download(ctx.viewer!, ctx.params.id);
    ctx.res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${file.filename}"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(file.content);
  }),
  route('post', '/certificates/:code/revoke', 'admin', {
    summary: 'Revoke a certificate',
    description: 'Its check answers not valid from now on, and it can no longer be downloaded. Revoking again changes nothing.',
    tag: 'Certificates',
    params: { code: CODE },
    body: { from: RevokeCertificateInput, pick: ['reason'] },
    response: { description: 'Revoked', schema: MESSAGE_ONLY },
  }, async (ctx) => {
    const r = await ctx.services.certificates.revoke(ctx.viewer!, { code: ctx.params.code, reason: ctx.body.reason });
    return { success: true, message: r.message };
  }),
  route('get', '/certificates/:code', 'public', {
    summary: 'Check a certificate by its code',
    tag: 'Certificates',
    params: { code: CODE },
    response: { description: 'What the certificate says, and whether it is valid', schema: okData(certificateVerificationSchema) },
    errors: ['RATE_LIMITED'],
  }, async (ctx) => ({ success: true, data: await ctx.services.certificates.verify(ctx.params.code, ctx.ip) })),
];
