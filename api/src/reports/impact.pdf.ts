// The impact report as an A4 PDF for donors, in English or Hindi: the charity's name, the period, the date
// it was made, the key figures, the month-by-month trend (bars and a table), and the people reached per
// district and school. It reuses the certificates' fonts and typesetter (Noto Serif Devanagari from npm,
// shaped by fontkit, every Devanagari run carrying its typed text as ActualText, so pdftotext reads it back).
import PDFDocument from 'pdfkit';
import { dateInWords, loadFonts, Typesetter, type Style } from '../certificates/certificate.pdf';
import { ORGANISATION, ORGANISATION_HI } from '../mail/templates';
import type { ImpactReport } from './report.types';

export type ImpactPdfLanguage = 'en' | 'hi';

const WORDS = {
  en: {
    title: 'Impact report',
    period: 'Period',
    category: 'Events',
    allCategories: 'all categories',
    made: 'Made on',
    keyFigures: 'Key figures',
    events: 'Events held',
    registrations: 'Registrations',
    attended: 'Attended',
    rate: 'Attendance rate',
    peopleRegistered: 'People registered',
    peopleReached: 'People reached',
    teachers: 'Teachers reached',
    students: 'Students reached',
    certificates: 'Certificates issued',
    feedback: 'Feedback (usefulness / overall, of 5)',
    noFeedback: 'no answers yet',
    responses: 'answers',
    trend: 'Month by month',
    month: 'Month',
    byDistrict: 'People reached by district',
    bySchool: 'People reached by school',
    name: 'Name',
    people: 'People',
    notGiven: 'Not given',
    none: 'No one reached in this period.',
    footer: 'Figures from the events held in the period: started, not cancelled. People reached: distinct attendees.',
    page: 'Page',
  },
  hi: {
    title: 'प्रभाव रिपोर्ट',
    period: 'अवधि',
    category: 'कार्यक्रम',
    allCategories: 'सभी श्रेणियाँ',
    made: 'तैयार करने की तिथि',
    keyFigures: 'मुख्य आँकड़े',
    events: 'आयोजित कार्यक्रम',
    registrations: 'पंजीकरण',
    attended: 'उपस्थित',
    rate: 'उपस्थिति दर',
    peopleRegistered: 'पंजीकृत लोग',
    peopleReached: 'लाभान्वित लोग',
    teachers: 'लाभान्वित शिक्षक',
    students: 'लाभान्वित विद्यार्थी',
    certificates: 'जारी प्रमाणपत्र',
    feedback: 'प्रतिक्रिया (उपयोगिता / कुल, 5 में से)',
    noFeedback: 'अभी कोई उत्तर नहीं',
    responses: 'उत्तर',
    trend: 'माह-दर-माह',
    month: 'माह',
    byDistrict: 'ज़िलेवार लाभान्वित लोग',
    bySchool: 'विद्यालयवार लाभान्वित लोग',
    name: 'नाम',
    people: 'लोग',
    notGiven: 'नहीं बताया',
    none: 'इस अवधि में कोई लाभान्वित नहीं।',
    footer: 'अवधि में आयोजित कार्यक्रमों (शुरू हुए, रद्द नहीं) के आँकड़े। लाभान्वित लोग: अलग-अलग उपस्थित व्यक्ति।',
    page: 'पृष्ठ',
  },
} as const;

const CATEGORY_NAMES: Record<ImpactPdfLanguage, Record<string, string>> = {
  en: { general: 'General', primary: 'Primary', secondary: 'Secondary', graduate: 'Graduate' },
  hi: { general: 'सामान्य', primary: 'प्राथमिक', secondary: 'माध्यमिक', graduate: 'स्नातक' },
};

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const ACCENT = '#8a4b08';
const INK = '#2b2118';
const MUTED = '#6b5d50';
const RULE = '#d9cbb8';
const BAR_REGISTERED = '#d9b98c';
const BAR_ATTENDED = '#8a4b08';

const monthName = (ym: string, lang: ImpactPdfLanguage) =>
  new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ym}-01T00:00:00Z`));
const numberIn = (n: number, lang: ImpactPdfLanguage) => new Intl.NumberFormat(lang === 'hi' ? 'hi-IN' : 'en-IN').format(n);

/** The report as a PDF file. */
export async function renderImpactPdf(r: ImpactReport, lang: ImpactPdfLanguage): Promise<Buffer> {
  const w = WORDS[lang];
  const { files, ranges } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: {
      Title: `${w.title}: ${r.from} – ${r.to}`,
      Author: lang === 'hi' ? `${ORGANISATION_HI} (${ORGANISATION})` : ORGANISATION,
      CreationDate: r.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [key, font] of files) doc.registerFont(key, font as unknown as Buffer);
  const t = new Typesetter(doc, ranges);

  const regular: Style = { weight: 400, color: INK };
  const muted: Style = { weight: 400, color: MUTED };
  const strong: Style = { weight: 700, color: INK };
  const accent: Style = { weight: 700, color: ACCENT };
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin - 24;
  const text = (s: string, style: Style, x: number, baseline: number, size: number, boxWidth: number, align: 'left' | 'right' | 'center' = 'left') =>
    t.block(s, style, { x: align === 'right' ? x + boxWidth : align === 'center' ? x + boxWidth / 2 : x, width: boxWidth, baseline, size, min: size * 0.7, align });
  const rule = (y: number) => doc.save().lineWidth(0.6).strokeColor(RULE).moveTo(left, y).lineTo(left + width, y).stroke().restore();

  let y = PAGE.margin;
  /** Starts a new page when `height` more points would not fit. */
  const room = (height: number) => {
    if (y + height > bottom) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = PAGE.margin;
    }
  };
  const heading = (s: string) => {
    room(60);
    y = text(s, accent, left, y + 28, 15, width) + 8;
    rule(y);
    y += 6;
  };

  // The charity, the title, the period and the date made.
  if (lang === 'hi') {
    y = text(ORGANISATION_HI, accent, left, y + 22, 20, width);
    y = text(ORGANISATION, { weight: 600, color: ACCENT }, left, y + 17, 11, width);
  } else {
    y = text(ORGANISATION, accent, left, y + 22, 20, width);
  }
  y = text(w.title, strong, left, y + 34, 26, width);
  const period = `${w.period}: ${dateInWords(new Date(`${r.from}T12:00:00+05:30`), lang)} – ${dateInWords(new Date(`${r.to}T12:00:00+05:30`), lang)}`;
  y = text(period, regular, left, y + 22, 12, width);
  const category = `${w.category}: ${r.category ? CATEGORY_NAMES[lang][r.category] : w.allCategories}`;
  y = text(`${category}  ·  ${w.made}: ${dateInWords(r.generatedAt, lang)}`, muted, left, y + 17, 10.5, width);
  y += 10;
  rule(y);

  // The key figures, two columns of label and value.
  heading(w.keyFigures);
  const feedback = r.feedback.responses
    ? `${r.feedback.usefulness?.toFixed(1) ?? '–'} / ${r.feedback.overall?.toFixed(1) ?? '–'}  (${numberIn(r.feedback.responses, lang)} ${w.responses})`
    : w.noFeedback;
  const figures: Array<[string, string]> = [
    [w.events, numberIn(r.events, lang)],
    [w.registrations, numberIn(r.registrations, lang)],
    [w.attended, numberIn(r.attended, lang)],
    [w.rate, r.registrations ? `${(r.attendanceRate * 100).toFixed(1)}%` : '–'],
    [w.peopleRegistered, numberIn(r.peopleRegistered, lang)],
    [w.peopleReached, numberIn(r.peopleReached, lang)],
    [w.teachers, numberIn(r.teachersReached, lang)],
    [w.students, numberIn(r.studentsReached, lang)],
    [w.certificates, numberIn(r.certificates, lang)],
    [w.feedback, feedback],
  ];
  const colWidth = (width - 24) / 2;
  const line = () => doc.save().lineWidth(0.3).strokeColor(RULE).moveTo(left, y).lineTo(left + width, y).stroke().restore();
  for (let i = 0; i < figures.length - 1; i += 2) {
    room(24);
    const baseline = y + 18;
    figures.slice(i, Math.min(i + 2, figures.length - 1)).forEach(([label, value], j) => {
      const x = left + j * (colWidth + 24);
      text(label, regular, x, baseline, 11, colWidth * 0.68);
      text(value, strong, x + colWidth * 0.7, baseline, 11.5, colWidth * 0.3, 'right');
    });
    y = baseline + 7;
    line();
  }
  // Feedback, the last figure, on a line of its own (its value is a sentence).
  room(24);
  const [feedbackLabel, feedbackValue] = figures[figures.length - 1];
  text(feedbackLabel, regular, left, y + 18, 11, width * 0.5);
  text(feedbackValue, strong, left + width * 0.5, y + 18, 11.5, width * 0.5, 'right');
  y += 25;
  line();

  // The trend: registered and attended per month as bars, then the same figures as a table.
  heading(w.trend);
  const chartHeight = 100;
  room(chartHeight + 40);
  const max = Math.max(1, ...r.months.map((m) => m.registrations));
  const slot = width / Math.max(1, r.months.length);
  const barWidth = Math.min(18, slot * 0.35);
  const base = y + chartHeight;
  r.months.forEach((m, i) => {
    const cx = left + slot * i + slot / 2;
    const hReg = (m.registrations / max) * (chartHeight - 10);
    const hAtt = (m.attended / max) * (chartHeight - 10);
    doc.rect(cx - barWidth, base - hReg, barWidth, hReg).fill(BAR_REGISTERED);
    doc.rect(cx, base - hAtt, barWidth, hAtt).fill(BAR_ATTENDED);
  });
  doc.save().lineWidth(0.8).strokeColor(INK).moveTo(left, base).lineTo(left + width, base).stroke().restore();
  y = base + 4;
  // The legend.
  doc.rect(left, y + 6, 9, 9).fill(BAR_REGISTERED);
  text(w.registrations, muted, left + 14, y + 14, 9.5, 150);
  doc.rect(left + 170, y + 6, 9, 9).fill(BAR_ATTENDED);
  text(w.attended, muted, left + 184, y + 14, 9.5, 150);
  y += 22;

  const cols = [w.month, w.events, w.registrations, w.attended, w.certificates];
  const colX = [0, 0.3, 0.47, 0.66, 0.82].map((f) => left + f * width);
  const colW = [0.3, 0.17, 0.19, 0.16, 0.18].map((f) => f * width - 6);
  const row = (cells: string[], style: Style) => {
    room(16);
    const baseline = y + 12;
    cells.forEach((c, i) => text(c, style, colX[i], baseline, 9.5, colW[i], i === 0 ? 'left' : 'right'));
    y = baseline + 4;
  };
  row(cols, strong);
  for (const m of r.months) row([monthName(m.month, lang), numberIn(m.events, lang), numberIn(m.registrations, lang), numberIn(m.attended, lang), numberIn(m.certificates, lang)], regular);

  // The people reached per district and per school.
  for (const [title, groups] of [[w.byDistrict, r.reachedByDistrict], [w.bySchool, r.reachedBySchool]] as const) {
    heading(title);
    if (!groups.length) {
      room(20);
      y = text(w.none, muted, left, y + 14, 10, width) + 4;
      continue;
    }
    const groupMax = Math.max(1, ...groups.map((g) => g.people));
    for (const g of groups) {
      room(18);
      const baseline = y + 13;
      text(g.name ?? w.notGiven, regular, left, baseline, 9.5, width * 0.45);
      doc.rect(left + width * 0.47, baseline - 8, (g.people / groupMax) * width * 0.38, 8).fill(BAR_ATTENDED);
      text(numberIn(g.people, lang), strong, left + width * 0.86, baseline, 9.5, width * 0.14, 'right');
      y = baseline + 5;
    }
  }

  // Every page: the note on what the figures count, and its number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    text(w.footer, muted, left, PAGE.height - PAGE.margin + 4, 8, width * 0.85);
    text(`${w.page} ${i + 1} / ${range.count}`, muted, left + width * 0.85, PAGE.height - PAGE.margin + 4, 8, width * 0.15, 'right');
  }
  doc.end();
  return done;
}
