import en from './locales/en.json';
import hi from './locales/hi.json';

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

describe('translation catalogues', () => {
  const enKeys = leafKeys(en as Tree);
  const hiKeys = leafKeys(hi as Tree);

  it('has every English key in Hindi', () => {
    expect(enKeys.filter((k) => !hiKeys.includes(k))).toEqual([]);
  });

  it('has every Hindi key in English', () => {
    expect(hiKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = enKeys.filter(
      (k) => placeholders(lookup(en as Tree, k) ?? '').join() !== placeholders(lookup(hi as Tree, k) ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('has no empty strings and the Hindi catalogue is written in Devanagari', () => {
    expect(enKeys.filter((k) => !lookup(en as Tree, k)?.trim())).toEqual([]);
    expect(hiKeys.filter((k) => !lookup(hi as Tree, k)?.trim())).toEqual([]);
    // Apart from a few deliberate exceptions (the name of the English language), Hindi text uses Devanagari.
    const notDevanagari = hiKeys.filter((k) => !/[\u0900-\u097F]/.test(lookup(hi as Tree, k) ?? '') && k !== 'nav.english');
    expect(notDevanagari).toEqual([]);
  });

  it('keeps the texts fixed by the specification', () => {
    expect(en.contact.success).toBe('Thank you! Your message has been sent successfully.');
    expect(en.contact.sending).toBe('Sending...');
    expect(en.events.loading).toBe('Loading events...');
    expect(en.common.error).toBe('Error: {{message}}');
    expect(en.events.noEvents).toBe('No events found');
    expect(en.events.noEventsHint).toBe('Try different filters or check back later.');
    expect(en.footer.visitors).toBe('people visited our site');
    expect(en.org.tagline).toBe('Bringing Success to Humanity through Education');
    expect(en.eventDetail.past).toBe('This event has already occurred.');
    expect(en.eventDetail.fetchError).toBe('Failed to fetch event details');
    expect(en.eventDetail.notFound).toBe('Event not found');
    expect(en.validation.phoneInvalid).toBe('Please enter a valid 10-digit phone number');
    expect(en.contact.failure).toBe('Failed to submit form. Please try again.');
  });
});
