import {
  EVENT_MAIL_WORDS as W,
  eventFacts,
  eventMessage as message,
  eventPageUrl,
  mailTitle as title,
  paragraph as p,
  type EventMailBase,
} from '../events/event.mail';
import type { MailMessage } from '../mail/mail.service';
import { formatMailDateTime } from '../mail/mail-dates';
import type { MailBlock } from '../mail/templates';

/* Waiting list ------------------------------------------------------------------------------- */

export interface WaitlistJoinedMail extends EventMailBase {
  /** 1 = next in line. */
  position: number;
}

/** On the waiting list, at this position; how a place is offered; how to leave (the event page). */
export function waitlistJoinedMail(m: WaitlistJoinedMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const url = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const blocks: MailBlock[] = [
    p(
      hi
        ? [title(m), ` की सभी जगहें अभी भरी हुई हैं, इसलिए हमने आपका नाम प्रतीक्षा सूची में लिख लिया है। सूची में आपका क्रमांक ${m.position} है।`]
        : [title(m), ` is full at the moment, so we have put you on the waiting list. You are number ${m.position} on it.`],
    ),
    p(
      hi
        ? 'जैसे ही कोई जगह खाली होगी, हम आपको ई-मेल करेंगे। उस जगह को स्वीकार करने के लिए आपके पास सीमित समय होगा।'
        : 'If a place becomes free, we will e-mail you straight away, and you will have a limited time to accept it.',
    ),
    eventFacts(m, false),
    { kind: 'button', label: w.viewEvent, url },
    {
      kind: 'link',
      text: hi ? 'अगर आप अब प्रतीक्षा नहीं करना चाहते, तो कार्यक्रम के पेज पर जाकर प्रतीक्षा सूची से अपना नाम हटा लें:' : 'If you no longer wish to wait, leave the waiting list on the event page:',
      label: hi ? 'प्रतीक्षा सूची से नाम हटाएँ' : 'Leave the waiting list',
      url,
    },
  ];
  return message(
    m,
    hi ? `आप प्रतीक्षा सूची में हैं: ${m.event.title}` : `You are on the waiting list: ${m.event.title}`,
    hi ? `प्रतीक्षा सूची में आपका क्रमांक: ${m.position}` : `You are number ${m.position} on the waiting list.`,
    blocks,
    [p(w.waitingWhy)],
  );
}

export interface WaitlistOfferMail extends EventMailBase {
  /** The link that takes the place. */
  acceptUrl: string;
  /** Until when the place is held. */
  expiresAt: Date;
}

/** A place is free: accept it by `expiresAt`, or it goes to the next person. */
export function waitlistOfferMail(m: WaitlistOfferMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const until = formatMailDateTime(m.expiresAt, m.language);
  const blocks: MailBlock[] = [
    p(hi ? ['खुशख़बरी! ', title(m), ' में एक जगह खाली हुई है, और आप चाहें तो यह जगह आपकी है।'] : ['Good news: a place has become free at ', title(m), ', and it is yours if you want it.']),
    p(
      hi
        ? `यह जगह ${until} तक आपके लिए रखी गई है। तब तक स्वीकार न करने पर यह जगह प्रतीक्षा सूची में अगले व्यक्ति को दे दी जाएगी।`
        : `The place is held for you until ${until}. If you have not accepted it by then, it will go to the next person on the waiting list.`,
    ),
    { kind: 'button', label: hi ? 'जगह स्वीकार करें' : 'Accept the place', url: m.acceptUrl },
    eventFacts(m, true),
    p(hi ? 'अगर आप नहीं आ सकते, तो आपको कुछ करने की ज़रूरत नहीं है।' : 'If you cannot come, you do not need to do anything.'),
  ];
  return message(
    m,
    hi ? `आपके लिए जगह खाली हुई है: ${m.event.title}` : `A place is free for you: ${m.event.title}`,
    hi ? `${until} तक स्वीकार करें।` : `Accept it by ${until}.`,
    blocks,
    [p(w.waitingWhy)],
  );
}

export type WaitlistOfferExpiredMail = EventMailBase;

/** The place offered was not taken in time and has gone to the next person; the event page for what is left. */
export function waitlistOfferExpiredMail(m: WaitlistOfferExpiredMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const blocks: MailBlock[] = [
    p(
      hi
        ? [title(m), ' में आपके लिए रखी गई जगह समय पर स्वीकार नहीं की गई, इसलिए अब वह प्रतीक्षा सूची में अगले व्यक्ति को दे दी गई है।']
        : ['The place we held for you at ', title(m), ' was not accepted in time, so it has now gone to the next person on the waiting list.'],
    ),
    p(hi ? 'अगर आप अब भी आना चाहते हैं, तो कृपया कार्यक्रम का पेज देखें।' : 'If you would still like to come, please look at the event page.'),
    eventFacts(m, false),
    { kind: 'button', label: w.viewEvent, url: eventPageUrl(m.publicOrigin, m.event.id, m.language) },
  ];
  return message(
    m,
    hi ? `आपके लिए रखी गई जगह की समय-सीमा समाप्त: ${m.event.title}` : `Your offer of a place has expired: ${m.event.title}`,
    hi ? 'जगह अगले व्यक्ति को दे दी गई है।' : 'The place has gone to the next person on the waiting list.',
    blocks,
    [p(w.waitingWhy)],
  );
}
