// Titles and descriptions of the public pages in both languages, for crawlers and link previews.
// The app sets the visible title itself; these go into the HTML that is served (pages.ts) and into
// the prerendered files (public-site/scripts/prerender.mjs, for nginx's fallback). The Hindi wording
// follows the site's catalogue (public-site/src/i18n/locales/hi.json).
import { readFileSync } from 'node:fs';
import type { Language } from './language.js';

/** The organisation's name in each language: shared/organisation.json, as the site, the mails and the certificates. */
export const SITE_NAME: Record<Language, string> = JSON.parse(readFileSync(new URL('../../shared/organisation.json', import.meta.url), 'utf8'));

/** Open Graph locale of each language. */
export const OG_LOCALE: Record<Language, string> = { en: 'en_IN', hi: 'hi_IN' };

const titled = (lang: Language, title: string) => `${title} | ${SITE_NAME[lang]}`;

export interface PageText {
  title: string;
  description: string;
}

export const pageMeta: Record<string, Record<Language, PageText>> = {
  '/': {
    en: { title: SITE_NAME.en, description: 'Gyan Jyoti Education Mission, an initiative of Samaj Kalyan Sewa Samiti, Prayagraj (founded 1971): education guidance, career guidance, primary education and community events.' },
    hi: { title: SITE_NAME.hi, description: 'ज्ञान ज्योति शिक्षा मिशन, समाज कल्याण सेवा समिति, प्रयागराज (स्थापना 1971) की एक पहल: शिक्षा मार्गदर्शन, करियर मार्गदर्शन, प्राथमिक शिक्षा और सामुदायिक कार्यक्रम।' },
  },
  '/about': {
    en: { title: titled('en', 'About Us'), description: 'Who we are: a social organisation in Prayagraj working since 1971 for education, women and families, and what the Gyan Jyoti Education Mission does.' },
    hi: { title: titled('hi', 'हमारे बारे में'), description: 'हम कौन हैं: प्रयागराज की एक सामाजिक संस्था, जो 1971 से शिक्षा, महिलाओं और परिवारों के लिए काम कर रही है, और ज्ञान ज्योति शिक्षा मिशन क्या करता है।' },
  },
  '/events': {
    en: { title: titled('en', 'Events Calendar'), description: 'Upcoming and past events of the Gyan Jyoti Education Mission in Prayagraj: seminars, workshops, camps and competitions. Register online for free.' },
    hi: { title: titled('hi', 'कार्यक्रम कैलेंडर'), description: 'प्रयागराज में ज्ञान ज्योति शिक्षा मिशन के आगामी और पिछले कार्यक्रम: संगोष्ठियाँ, कार्यशालाएँ, शिविर और प्रतियोगिताएँ। ऑनलाइन निःशुल्क पंजीकरण करें।' },
  },
  '/teams': {
    en: { title: titled('en', 'Meet Our Team'), description: 'The volunteers, teachers and trustees behind the Gyan Jyoti Education Mission in Prayagraj.' },
    hi: { title: titled('hi', 'हमारी टीम से मिलिए'), description: 'प्रयागराज में ज्ञान ज्योति शिक्षा मिशन को चलाने वाले स्वयंसेवक, शिक्षक और न्यासी।' },
  },
  '/contact': {
    en: { title: titled('en', 'Contact Us'), description: 'Write to the Gyan Jyoti Education Mission in Prayagraj: address, phone, e-mail and a contact form. We answer every message.' },
    hi: { title: titled('hi', 'संपर्क करें'), description: 'प्रयागराज में ज्ञान ज्योति शिक्षा मिशन को लिखें: पता, फ़ोन, ई-मेल और संपर्क फ़ॉर्म। हम हर संदेश का उत्तर देते हैं।' },
  },
  '/registration': {
    en: { title: titled('en', 'Registration'), description: 'Register for our programmes: guidance for graduates, help for secondary students and the primary education programme run with teachers.' },
    hi: { title: titled('hi', 'पंजीकरण'), description: 'हमारे कार्यक्रमों के लिए पंजीकरण करें: स्नातकों के लिए करियर मार्गदर्शन, कक्षा 6 से 12 के विद्यार्थियों के लिए सहायता और शिक्षकों के साथ चलने वाला प्राथमिक शिक्षा कार्यक्रम।' },
  },
  '/login': {
    en: { title: titled('en', 'Log in'), description: 'Log in to your Gyan Jyoti Education Mission account with a one-time code sent by e-mail, or with your password.' },
    hi: { title: titled('hi', 'लॉग इन'), description: 'ई-मेल पर भेजे गए एक बार के कोड से या अपने पासवर्ड से ज्ञान ज्योति शिक्षा मिशन के अपने खाते में लॉग इन करें।' },
  },
  '/register': {
    en: { title: titled('en', 'Create an account'), description: 'Create a free Gyan Jyoti Education Mission account to register for events and programmes.' },
    hi: { title: titled('hi', 'खाता बनाएँ'), description: 'कार्यक्रमों और आयोजनों में पंजीकरण के लिए ज्ञान ज्योति शिक्षा मिशन पर अपना निःशुल्क खाता बनाएँ।' },
  },
  '/add-student': {
    en: { title: titled('en', 'Add Student'), description: 'Teachers of the primary education programme add their students here.' },
    hi: { title: titled('hi', 'विद्यार्थी जोड़ें'), description: 'प्राथमिक शिक्षा कार्यक्रम के शिक्षक यहाँ अपने विद्यार्थियों को जोड़ते हैं।' },
  },
};

/** The meta of the page at `pathname` in `lang` (an event's page, before its own is known, has the calendar's), or undefined. */
export function metaOfPage(pathname: string, lang: Language): PageText | undefined {
  const route = pathname.replace(/\/$/, '') || '/';
  const meta = pageMeta[route] ?? (/^\/events\/[^/]+$/.test(route) ? pageMeta['/events'] : undefined);
  return meta?.[lang];
}

/** The document title of a page whose own title is `title` (an event's), in `lang`: "<title> | <site>". */
export const pageTitle = (lang: Language, title: string): string => (title === SITE_NAME[lang] || title.endsWith(` | ${SITE_NAME[lang]}`) ? title : titled(lang, title));

/** The title of an event's page in `lang`. */
export const eventTitle = (lang: Language, title: string): string => titled(lang, title);
