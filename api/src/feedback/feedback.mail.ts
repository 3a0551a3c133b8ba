import { eventFacts, eventMessage, mailTitle, paragraph as p, type EventMailBase } from '../events/event.mail';
import type { MailMessage } from '../mail/mail.service';
import { formatMailDay } from '../mail/mail-dates';
import type { MailBlock } from '../mail/templates';

export interface FeedbackRequestMail extends EventMailBase {
  /** The signed link to the form (no sign-in). */
  formUrl: string;
  /** Until when answers can be given or changed. */
  closesAt: Date;
}

/** "How was {title}?": a short thank-you, the link to the form, and until when it is open. */
export function feedbackRequestMail(m: FeedbackRequestMail): MailMessage {
  const hi = m.language === 'hi';
  const until = formatMailDay(m.closesAt, m.language);
  const blocks: MailBlock[] = [
    p(hi ? [mailTitle(m), ' में आने के लिए धन्यवाद। आपको यह कैसा लगा? तीन छोटे सवालों के जवाब देने में एक मिनट लगेगा।'] : ['Thank you for coming to ', mailTitle(m), '. How was it? Three short questions take a minute.']),
    eventFacts(m, false),
    { kind: 'button', label: hi ? 'अपनी राय दें' : 'Give your feedback', url: m.formUrl },
    p(hi ? `आप ${until} तक अपने जवाब दे या बदल सकते हैं। इस लिंक के लिए साइन-इन की ज़रूरत नहीं है; कृपया इसे किसी और के साथ साझा न करें।` : `You can answer, or change your answers, until ${until}. The link needs no sign-in; please do not share it.`),
  ];
  return eventMessage(
    m,
    hi ? `${m.event.title} कैसा रहा?` : `How was ${m.event.title}?`,
    hi ? 'अपनी राय दें: इसमें एक मिनट लगेगा।' : 'Tell us what you thought: it takes a minute.',
    blocks,
    [p(hi ? 'आपको यह ई-मेल इसलिए मिला है क्योंकि आप इस कार्यक्रम में उपस्थित थे।' : 'You are receiving this e-mail because you attended this event.')],
  );
}
