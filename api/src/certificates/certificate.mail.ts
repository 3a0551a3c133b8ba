import { eventPageUrl } from '../events/event.mail';
import { formatMailDay } from '../mail/mail-dates';
import type { MailLanguage } from '../mail/templates';
import type { MailMessage } from '../mail/mail.service';
import { greeting, renderMail, type MailBlock, type Sentence } from '../mail/templates';

/** The certificate mail: thanks, the event, the verification code and link, the PDF attached. */
export interface CertificateMail {
  to: string;
  name: string;
  language: MailLanguage;
  event: { id: string; title: string; startsAt: Date; location: string };
  /** The public site (the event page is `${publicOrigin}/events/${id}`). */
  publicOrigin: string;
  code: string;
  /** `${publicOrigin}/certificates/{code}`: anyone can check the certificate there. */
  verifyUrl: string;
  pdf: Buffer;
}

export const certificateFilename = (code: string) => `certificate-${code.replace(/[^0-9A-Za-z-]/g, '')}.pdf`;

const p = (text: Sentence): MailBlock => ({ kind: 'p', text });

/** Written in the style of the event mails (events/event.mail.ts), in English or Hindi. */
export function certificateMail(m: CertificateMail): MailMessage {
  const hi = m.language === 'hi';
  const title = { title: m.event.title };
  const day = formatMailDay(m.event.startsAt, m.language);
  const pageUrl = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const blocks: MailBlock[] = [
    p(
      hi
        ? [title, ' में भाग लेने के लिए धन्यवाद। आपका सहभागिता प्रमाणपत्र इस ई-मेल के साथ PDF फ़ाइल के रूप में लगा है।']
        : ['Thank you for taking part in ', title, '. Your certificate of participation is attached to this e-mail as a PDF file.'],
    ),
    {
      kind: 'facts',
      rows: [
        { label: hi ? 'कार्यक्रम' : 'Event', value: m.event.title },
        { label: hi ? 'तिथि' : 'Date', value: day },
        { label: hi ? 'कहाँ' : 'Where', value: m.event.location },
        { label: hi ? 'कार्यक्रम का पेज' : 'Event page', value: pageUrl, href: pageUrl },
      ],
    },
    { kind: 'code', label: hi ? 'सत्यापन कोड' : 'Verification code', value: m.code },
    {
      kind: 'link',
      text: hi
        ? 'कोई भी (जैसे आपका विद्यालय या कॉलेज) इस पते पर जाकर जाँच सकता है कि प्रमाणपत्र असली है; प्रमाणपत्र पर छपा QR कोड भी यही पता खोलता है:'
        : 'Anyone (your school or college, say) can check that the certificate is genuine at this address; the QR code printed on the certificate opens it too:',
      label: hi ? 'प्रमाणपत्र का सत्यापन करें' : 'Verify the certificate',
      url: m.verifyUrl,
    },
    p(
      hi
        ? 'साइन इन करके आप हमारी वेबसाइट पर "मेरे कार्यक्रम" पेज से इसे कभी भी दोबारा डाउनलोड कर सकते हैं।'
        : 'You can download it again at any time from the "My events" page of our website when you are signed in.',
    ),
  ];
  const rendered = renderMail({
    language: m.language,
    subject: hi ? `आपका सहभागिता प्रमाणपत्र: ${m.event.title}` : `Your certificate of participation: ${m.event.title}`,
    preheader: hi ? `${day} के कार्यक्रम का प्रमाणपत्र साथ में लगा है।` : `Your certificate for ${day} is attached.`,
    greeting: greeting(m.name, m.language),
    blocks,
    footer: [
      p(
        hi
          ? 'आपको यह ई-मेल इसलिए मिला है क्योंकि आप हमारे इस कार्यक्रम में उपस्थित थे।'
          : 'You are receiving this e-mail because you attended this event.',
      ),
    ],
  });
  return {
    to: m.to,
    ...rendered,
    attachments: [{ filename: certificateFilename(m.code), content: m.pdf, contentType: 'application/pdf' }],
  };
}
