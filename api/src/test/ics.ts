/**
 * An iCalendar file read by a real parser (ical.js) and held to RFC 5545: what calendar apps need to
 * import it. Throws with every problem found; answers what the tests look at.
 */
import ICAL from 'ical.js';

export interface CheckedIcs {
  /** ORGANIZER's value, a calendar address (`mailto:…`). */
  organizer: string;
  organizerName: string | null;
  url: string;
  summary: string;
  uid: string;
  start: Date;
  end: Date;
}

export function validIcs(text: string): CheckedIcs {
  const problems: string[] = [];
  if (/[^\r]\n/.test(text)) problems.push('lines must end with CRLF');
  for (const line of text.split('\r\n')) if (Buffer.byteLength(line) > 75) problems.push(`line longer than 75 octets: ${line.slice(0, 40)}…`);
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    throw new Error(`not a valid iCalendar file: ${(error as Error).message}`);
  }
  if (calendar.name !== 'vcalendar') problems.push(`the root is ${calendar.name}, not VCALENDAR`);
  if (calendar.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION must be 2.0');
  if (!calendar.getFirstPropertyValue('prodid')) problems.push('PRODID is required');
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1) throw new Error(`expected one VEVENT, found ${events.length}; ${problems.join('; ')}`);
  const event = events[0];
  for (const name of ['uid', 'dtstamp', 'dtstart']) if (!event.getFirstPropertyValue(name)) problems.push(`${name.toUpperCase()} is required`);
  const organizer = event.getFirstProperty('organizer');
  const organizerValue = String(organizer?.getFirstValue() ?? '');
  // RFC 5545 3.8.4.3: ORGANIZER's value is a CAL-ADDRESS, a mailto: URI.
  if (!organizer || organizer.type !== 'cal-address' || !/^mailto:[^\s@]+@[^\s@]+$/i.test(organizerValue)) problems.push(`ORGANIZER must be a mailto: address, is ${JSON.stringify(organizerValue)}`);
  const url = String(event.getFirstPropertyValue('url') ?? '');
  if (!URL.canParse(url)) problems.push(`URL must be a URI, is ${JSON.stringify(url)}`);
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time | null;
  const end = event.getFirstPropertyValue('dtend') as ICAL.Time | null;
  if (start && end && end.compare(start) <= 0) problems.push('DTEND must be after DTSTART');
  if (problems.length) throw new Error(`invalid iCalendar file: ${problems.join('; ')}`);
  return {
    organizer: organizerValue,
    organizerName: (organizer!.getParameter('cn') as string | undefined) ?? null,
    url,
    summary: String(event.getFirstPropertyValue('summary') ?? ''),
    uid: String(event.getFirstPropertyValue('uid')),
    start: start!.toJSDate(),
    end: (end ?? start)!.toJSDate(),
  };
}
