// Certificate of participation as a one-page A4 landscape PDF, in English or Hindi.
//
// A pure module: no database, no network. The fonts come from the npm package
// @fontsource/noto-serif-devanagari (resolved at run time, so a bare machine needs no system font).
// That package ships the family split by script (devanagari, latin, latin-ext), so each piece of
// text is cut into runs by script and every run is set in the file that covers it. fontkit (inside
// pdfkit) shapes the Devanagari (conjuncts, reph, pre-base matras) and pdfkit embeds only the glyphs
// used. Shaped Devanagari is drawn in visual order, which a PDF's ToUnicode map cannot turn back
// into logical order (ि comes before its consonant), so every Devanagari run is wrapped in a marked
// span whose ActualText holds the text as typed: copy-paste and text extraction then give real Unicode.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { create as createFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { ORGANISATION, ORGANISATION_HI } from '../mail/templates';

export type CertificateLanguage = 'en' | 'hi';

export interface CertificateInput {
  language: CertificateLanguage;
  participantName: string;
  eventTitle: string;
  /** When the event started; written as a date in words in India time. */
  eventDate: Date;
  eventPlace: string;
  issuedAt: Date;
  verificationCode: string;
  verifyUrl: string;
  /** An event of several sessions: how many the person attended, of how many, and their hours (none: one session, worded as before). */
  sessions?: { attended: number; total: number; hours: number | null } | null;
}

/** "They attended 8 of 10 sessions (16 hours)." in the certificate's language; empty for a single-session event. */
export function sessionsSentence(s: CertificateInput['sessions'], lang: CertificateLanguage): string {
  if (!s || s.total < 2) return '';
  const hours = s.hours ? (lang === 'hi' ? ` (${s.hours} घंटे)` : ` (${s.hours} ${s.hours === 1 ? 'hour' : 'hours'})`) : '';
  return lang === 'hi' ? ` ${s.total} में से ${s.attended} सत्रों${hours} में उपस्थित रहे।` : ` Attended ${s.attended} of ${s.total} sessions${hours}.`;
}

// ---------------------------------------------------------------------------------------------
// Verification codes

/** Crockford's base32: digits and capitals without I, L, O and U. */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code of 80 random bits as 16 Crockford base32 characters: XXXX-XXXX-XXXX-XXXX. */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let chars = '';
  for (let i = 15; i >= 0; i--) chars += VERIFICATION_CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return chars.match(/.{4}/g)!.join('-');
}

// ---------------------------------------------------------------------------------------------
// Words

const SAMITI: Record<CertificateLanguage, string> = {
  en: 'Samaj Kalyan Sewa Samiti, Prayagraj',
  hi: 'समाज कल्याण सेवा समिति, प्रयागराज',
};
const FOUNDING_LINE: Record<CertificateLanguage, string> = {
  en: 'An initiative of Samaj Kalyan Sewa Samiti, Prayagraj, a registered social organisation founded in 1971',
  hi: 'समाज कल्याण सेवा समिति, प्रयागराज की एक पहल, जो 1971 में स्थापित एक पंजीकृत सामाजिक संस्था है',
};
const WORDS = {
  en: {
    heading: 'Certificate of Participation',
    certify: 'This is to certify that',
    issued: 'Issued on',
    place: 'Place',
    issuePlace: 'Prayagraj',
    secretary: 'Secretary',
    code: 'Verification code',
    title: 'Certificate of participation',
  },
  hi: {
    heading: 'सहभागिता प्रमाणपत्र',
    certify: 'प्रमाणित किया जाता है कि',
    issued: 'जारी करने की तिथि',
    place: 'स्थान',
    issuePlace: 'प्रयागराज',
    secretary: 'सचिव',
    code: 'सत्यापन कोड',
    title: 'सहभागिता प्रमाणपत्र',
  },
} as const;

const DATE_IN_WORDS = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }),
};

/** "15 March 2025" / "15 मार्च 2025", in India time. */
export function dateInWords(date: Date, language: CertificateLanguage): string {
  return DATE_IN_WORDS[language === 'hi' ? 'hi' : 'en'].format(date);
}

/** One line of plain text: no control characters, single spaces. */
const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------------------------------------
// Fonts

type Weight = 400 | 600 | 700;
type Subset = 'devanagari' | 'latin' | 'latin-ext';
const FONT_PACKAGE = '@fontsource/noto-serif-devanagari';
const SUBSETS: Subset[] = ['devanagari', 'latin', 'latin-ext'];
const WEIGHTS: Weight[] = [400, 600, 700];

const fontName = (subset: Subset, weight: Weight) => `${subset}-${weight}`;

/** The fonts, parsed once per thread and shared by every document (pdfkit subsets each document's own). */
let fontFiles: Map<string, Font> | undefined;
let subsetRanges: Record<Subset, Array<[number, number]>> | undefined;

/** Shared with the impact report's PDF (reports/impact.pdf.ts). */
export function loadFonts() {
  if (!fontFiles) {
    const files = new Map<string, Font>();
    for (const subset of SUBSETS)
      for (const weight of WEIGHTS)
        files.set(fontName(subset, weight), createFont(woffToSfnt(readFileSync(require.resolve(`${FONT_PACKAGE}/files/noto-serif-devanagari-${subset}-${weight}-normal.woff`)))));
    // The package's own list of the code points each subset file covers ("U+0900-097F,...").
    const unicode = JSON.parse(readFileSync(require.resolve(`${FONT_PACKAGE}/unicode.json`), 'utf8')) as Record<Subset, string>;
    const ranges = {} as Record<Subset, Array<[number, number]>>;
    for (const subset of SUBSETS)
      ranges[subset] = unicode[subset].split(',').map((r) => {
        const [lo, hi = lo] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(lo, 16), parseInt(hi, 16)] as [number, number];
      });
    subsetRanges = ranges;
    fontFiles = files;
  }
  return { files: fontFiles, ranges: subsetRanges! };
}

/**
 * A WOFF file as the plain TrueType/OpenType file it wraps: each table inflated once, here, with zlib.
 * Given the WOFF, fontkit inflates every table again for every document in pure JavaScript, which was
 * over 90% of a certificate's rendering time (about 0.6 s of CPU a PDF).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('Malformed WOFF table');
    tables.push({ tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data });
  }
  const pow = 2 ** Math.floor(Math.log2(numTables));
  const headerLength = 12 + 16 * numTables;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(pow * 16, 6);
  out.writeUInt16BE(Math.log2(pow), 8);
  out.writeUInt16BE(numTables * 16 - pow * 16, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

/** The subset file that has a glyph for this code point; null for marks and joiners, which stay with their base. */
function subsetFor(cp: number, ranges: Record<Subset, Array<[number, number]>>): Subset | null {
  if (cp === 0x200c || cp === 0x200d || /\p{M}/u.test(String.fromCodePoint(cp))) {
    if (cp >= 0x0900 && cp <= 0x097f) return 'devanagari';
    return null;
  }
  for (const subset of SUBSETS) if (ranges[subset].some(([lo, hi]) => cp >= lo && cp <= hi)) return subset;
  return 'latin'; // not in this family: shown as the font's missing-glyph box, still extractable
}

// ---------------------------------------------------------------------------------------------
// Text layout: runs, words, lines

export interface Style {
  weight: Weight;
  color: string;
}
/** A piece of a paragraph in one style. */
type Piece = [string, Style];

interface Run {
  text: string;
  subset: Subset;
  style: Style;
  /** Width at a font size of 1. */
  width: number;
}
type Word = Run[];

interface Fitted {
  size: number;
  lines: Word[][];
  lineHeight: number;
}

/**
 * Draws text inside a marked-content span whose ActualText is `actual` (UTF-16BE).
 * The span goes inside pdfkit's text object (after BT, before ET): pdfkit draws text under a
 * flipped matrix that it restores after ET, and readers such as poppler place the ActualText
 * with the state current at EMC, so an EMC after the restore would put the text upside down.
 */
function withActualText(doc: PDFKit.PDFDocument, actual: string, draw: () => void) {
  let hex = 'FEFF';
  for (let i = 0; i < actual.length; i++) hex += actual.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  const original = doc.addContent;
  doc.addContent = function (this: PDFKit.PDFDocument, data: unknown) {
    if (data === 'ET') original.call(this, 'EMC');
    original.call(this, data);
    if (data === 'BT') original.call(this, `/Span <</ActualText <${hex}>>> BDC`);
    return this;
  };
  try {
    draw();
  } finally {
    doc.addContent = original;
  }
}

/** Lays out and draws mixed Latin/Devanagari text; shared with the impact report's PDF. */
export class Typesetter {
  constructor(
    private doc: PDFKit.PDFDocument,
    private ranges: Record<Subset, Array<[number, number]>>,
  ) {}

  private measure(text: string, subset: Subset, weight: Weight): number {
    return this.doc.font(fontName(subset, weight)).fontSize(100).widthOfString(text) / 100;
  }

  private run(text: string, subset: Subset, style: Style): Run {
    return { text, subset, style, width: this.measure(text, subset, style.weight) };
  }

  /** Cuts a word (no spaces) into runs, one per subset file and style. */
  private runs(chars: Array<[string, Style]>): Word {
    const runs: Array<{ text: string; subset: Subset; style: Style }> = [];
    for (const [ch, style] of chars) {
      const last = runs[runs.length - 1];
      const subset = subsetFor(ch.codePointAt(0)!, this.ranges) ?? last?.subset ?? 'latin';
      if (last && last.subset === subset && last.style === style) last.text += ch;
      else runs.push({ text: ch, subset, style });
    }
    return runs.map((r) => this.run(r.text, r.subset, r.style));
  }

  words(pieces: Piece[]): Array<Array<[string, Style]>> {
    const words: Array<Array<[string, Style]>> = [[]];
    for (const [text, style] of pieces)
      for (const ch of text) {
        if (/\s/.test(ch)) {
          if (words[words.length - 1].length) words.push([]);
        } else words[words.length - 1].push([ch, style]);
      }
    return words.filter((w) => w.length);
  }

  private wordWidth = (w: Word) => w.reduce((s, r) => s + r.width, 0);
  private spaceWidth(after: Word) {
    const last = after[after.length - 1];
    return this.measure(' ', last.subset, last.style.weight);
  }
  lineWidth(line: Word[]) {
    return line.reduce((s, w, i) => s + this.wordWidth(w) + (i ? this.spaceWidth(line[i - 1]) : 0), 0);
  }

  /** A word too wide for a line, cut between grapheme clusters (never inside a conjunct). */
  private breakWord(chars: Array<[string, Style]>, maxWidth: number): Word[] {
    const text = chars.map(([c]) => c).join('');
    const styleAt: Style[] = [];
    for (const [c, style] of chars) for (let i = 0; i < c.length; i++) styleAt.push(style);
    const clusters: Array<Array<[string, Style]>> = [];
    for (const { segment, index } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
      const cps: Array<[string, Style]> = [];
      let offset = index;
      for (const c of segment) {
        cps.push([c, styleAt[offset]]);
        offset += c.length;
      }
      clusters.push(cps);
    }
    const parts: Word[] = [];
    let current: Array<[string, Style]> = [];
    for (const cluster of clusters) {
      const tried = [...current, ...cluster];
      if (current.length && this.wordWidth(this.runs(tried)) > maxWidth) {
        parts.push(this.runs(current));
        current = [...cluster];
      } else current = tried;
    }
    if (current.length) parts.push(this.runs(current));
    return parts;
  }

  /** Greedy line breaking at spaces, for a width given at a font size of 1. */
  private wrap(words: Word[], maxWidth: number): Word[][] {
    const lines: Word[][] = [];
    let line: Word[] = [];
    for (const w of words) {
      if (line.length && this.lineWidth([...line, w]) > maxWidth) {
        lines.push(line);
        line = [];
      }
      line.push(w);
    }
    if (line.length) lines.push(line);
    return lines;
  }

  /**
   * The largest size (from `max` down to `min`) at which the text fits the box on at most
   * `maxLines` lines. Below that, words too long for a line are cut, and as a last resort
   * the text is cut short with an ellipsis: it never runs out of its box.
   */
  fit(pieces: Piece[], box: { width: number; height: number; max: number; min: number; maxLines: number; leading: number }): Fitted {
    const charWords = this.words(pieces);
    const words = charWords.map((w) => this.runs(w));
    const split = (width: number) => charWords.flatMap((w, i) => (this.wordWidth(words[i]) > width ? this.breakWord(w, width) : [words[i]]));
    // First without cutting any word, then cutting only the words wider than a line.
    for (const cut of [false, true])
      for (let size = box.max; size >= box.min; size -= 0.5) {
        const width = box.width / size;
        if (!cut && words.some((w) => this.wordWidth(w) > width)) continue;
        const lines = this.wrap(cut ? split(width) : words, width);
        if (lines.length <= box.maxLines && lines.length * size * box.leading <= box.height) return { size, lines, lineHeight: size * box.leading };
      }
    const size = box.min;
    const width = box.width / size;
    let lines = this.wrap(split(width), width);
    const room = Math.max(1, Math.min(box.maxLines, Math.floor(box.height / (size * box.leading))));
    if (lines.length > room) {
      lines = lines.slice(0, room);
      const last = lines[room - 1];
      const style = last[last.length - 1][last[last.length - 1].length - 1].style;
      const ellipsis = this.run('…', 'latin', style);
      while (last.length > 1 && this.lineWidth([...last, [ellipsis]]) > width) last.pop();
      last[last.length - 1] = [...last[last.length - 1], ellipsis];
    }
    return { size, lines, lineHeight: size * box.leading };
  }

  /** Draws fitted lines, centred on `cx` (or from `x` for left, to `x` for right), first baseline at `baseline`. */
  draw(fitted: Fitted, at: { x: number; baseline: number; align: 'center' | 'left' | 'right' }) {
    const { doc } = this;
    fitted.lines.forEach((line, i) => {
      const width = this.lineWidth(line) * fitted.size;
      let x = at.align === 'center' ? at.x - width / 2 : at.align === 'right' ? at.x - width : at.x;
      const y = at.baseline + i * fitted.lineHeight;
      // Runs of one font and colour, words joined by spaces, are drawn in one go.
      const segments: Array<{ text: string; subset: Subset; style: Style; x: number }> = [];
      line.forEach((word, wi) => {
        word.forEach((run, ri) => {
          const last = segments[segments.length - 1];
          if (last && last.subset === run.subset && last.style === run.style) last.text += (wi > 0 && ri === 0 ? ' ' : '') + run.text;
          else segments.push({ text: run.text, subset: run.subset, style: run.style, x });
          x += run.width * fitted.size;
        });
        x += this.spaceWidth(word) * fitted.size;
      });
      for (const seg of segments) {
        const text = seg.text;
        doc.font(fontName(seg.subset, seg.style.weight)).fontSize(fitted.size).fillColor(seg.style.color);
        const draw = () => doc.text(text, seg.x, y, { lineBreak: false, baseline: 'alphabetic' });
        if (seg.subset === 'devanagari') withActualText(doc, text, draw);
        else draw();
      }
    });
    return at.baseline + (fitted.lines.length - 1) * fitted.lineHeight;
  }

  /** One block of text in one style: fit and draw; returns the last baseline. */
  block(text: string, style: Style, box: { x: number; width: number; baseline: number; size: number; min?: number; maxLines?: number; align?: 'center' | 'left' | 'right' }) {
    const fitted = this.fit([[text, style]], {
      width: box.width,
      height: Infinity,
      max: box.size,
      min: box.min ?? box.size * 0.6,
      maxLines: box.maxLines ?? 1,
      leading: 1.35,
    });
    return this.draw(fitted, { x: box.x, baseline: box.baseline, align: box.align ?? 'center' });
  }
}

// ---------------------------------------------------------------------------------------------
// The page

const PAGE = { width: 841.89, height: 595.28 };
const ACCENT = '#8a4b08';
const INK = '#2b2118';
const MUTED = '#6b5d50';
const BORDER_OUT = 18;
const BORDER_IN = 27;

function drawBorder(doc: PDFKit.PDFDocument) {
  const { width: W, height: H } = PAGE;
  doc.save();
  doc.rect(BORDER_OUT, BORDER_OUT, W - 2 * BORDER_OUT, H - 2 * BORDER_OUT).fill('#fffaf0');
  doc.lineWidth(2.5).strokeColor(ACCENT).rect(BORDER_OUT, BORDER_OUT, W - 2 * BORDER_OUT, H - 2 * BORDER_OUT).stroke();
  doc.lineWidth(0.8).rect(BORDER_IN, BORDER_IN, W - 2 * BORDER_IN, H - 2 * BORDER_IN).stroke();
  // A small diamond at each inner corner.
  for (const [cx, cy] of [
    [BORDER_IN, BORDER_IN],
    [W - BORDER_IN, BORDER_IN],
    [BORDER_IN, H - BORDER_IN],
    [W - BORDER_IN, H - BORDER_IN],
  ]) {
    const r = 6;
    doc.polygon([cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]).fill(ACCENT);
  }
  doc.restore();
}

/** A short rule with a diamond in the middle. */
function drawOrnament(doc: PDFKit.PDFDocument, cx: number, y: number, half = 90) {
  doc.save();
  doc.lineWidth(0.8).strokeColor(ACCENT);
  doc.moveTo(cx - half, y).lineTo(cx - 8, y).stroke();
  doc.moveTo(cx + 8, y).lineTo(cx + half, y).stroke();
  doc.polygon([cx, y - 3.5], [cx + 3.5, y], [cx, y + 3.5], [cx - 3.5, y]).fill(ACCENT);
  doc.restore();
}

/** The QR code as vector squares, `size` points wide, top left at (x, y); quiet zone outside. */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const m = size / n;
  doc.save();
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      doc.rect(x + start * m, y + row * m, (col - start) * m + 0.02, m + 0.02);
    }
  }
  doc.fill(INK);
  doc.restore();
}

/** The certificate as a PDF file. */
export async function renderCertificate(input: CertificateInput): Promise<Buffer> {
  const lang = input.language;
  const w = WORDS[lang];
  const name = clean(input.participantName);
  const title = clean(input.eventTitle);
  const place = clean(input.eventPlace);
  const code = clean(input.verificationCode);
  const url = clean(input.verifyUrl);
  const eventDate = dateInWords(input.eventDate, lang);
  const issued = dateInWords(input.issuedAt, lang);

  const { files, ranges } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: lang === 'hi' ? 'hi-IN' : 'en-IN',
    displayTitle: true,
    info: {
      Title: `${w.title}: ${name}`,
      Author: lang === 'hi' ? `${ORGANISATION_HI} (${ORGANISATION})` : ORGANISATION,
      Subject: title,
      CreationDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as well as a file (its types know only files).
  for (const [key, font] of files) doc.registerFont(key, font as unknown as Buffer);
  const t = new Typesetter(doc, ranges);

  const regular: Style = { weight: 400, color: INK };
  const muted: Style = { weight: 400, color: MUTED };
  const strong: Style = { weight: 700, color: INK };
  const cx = PAGE.width / 2;
  const contentWidth = PAGE.width - 2 * 70;

  drawBorder(doc);

  // The charity (in Hindi, its Hindi name over the English one) and the founding line.
  let y: number;
  if (lang === 'hi') {
    y = t.block(ORGANISATION_HI, { weight: 700, color: ACCENT }, { x: cx, width: contentWidth, baseline: 80, size: 26 });
    y = t.block(ORGANISATION, { weight: 600, color: ACCENT }, { x: cx, width: contentWidth, baseline: y + 20, size: 12.5 });
  } else {
    y = t.block(ORGANISATION, { weight: 700, color: ACCENT }, { x: cx, width: contentWidth, baseline: 80, size: 26 });
  }
  y = t.block(FOUNDING_LINE[lang], muted, { x: cx, width: contentWidth, baseline: y + 18, size: 10.5 });
  drawOrnament(doc, cx, y + 14);

  // The heading.
  y = t.block(w.heading, { weight: 600, color: INK }, { x: cx, width: contentWidth, baseline: y + 58, size: 34 });

  // The statement: the lead-in, the name on its own line(s), then the rest of the sentence.
  const titlePieces: Piece[] = [['“' + title + '”', strong]];
  const rest: Piece[] =
    lang === 'hi'
      ? [['ने दिनांक ', regular], [eventDate, strong], [' को ', regular], [place, regular], [' में आयोजित ', regular], ...titlePieces, [' में सहभागिता की।', regular]]
      : [['participated in ', regular], ...titlePieces, [`, held on `, regular], [eventDate, strong], [` at ${place}.`, regular]];
  const sessionsText = sessionsSentence(input.sessions, lang);
  if (sessionsText) rest.push([sessionsText, regular]);

  const regionTop = y + 22; // below the heading
  const regionBottom = 418; // above the signature row
  const lead = t.fit([[w.certify, regular]], { width: contentWidth, height: Infinity, max: 16, min: 12, maxLines: 1, leading: 1.4 });
  const nameFit = t.fit([[name, { weight: 700, color: ACCENT }]], { width: contentWidth - 60, height: 110, max: 34, min: 14, maxLines: 3, leading: 1.3 });
  const gap = 14;
  const restHeight = regionBottom - regionTop - lead.lineHeight - nameFit.lines.length * nameFit.lineHeight - 2 * gap;
  const restFit = t.fit(rest, { width: contentWidth - 40, height: restHeight, max: 17, min: 9, maxLines: 8, leading: lang === 'hi' ? 1.6 : 1.45 });
  const total = lead.lineHeight + gap + nameFit.lines.length * nameFit.lineHeight + gap + restFit.lines.length * restFit.lineHeight;
  let top = regionTop + Math.max(0, (regionBottom - regionTop - total) * 0.42);
  t.draw(lead, { x: cx, baseline: top + lead.size, align: 'center' });
  top += lead.lineHeight + gap;
  t.draw(nameFit, { x: cx, baseline: top + nameFit.size * 1.05, align: 'center' });
  top += nameFit.lines.length * nameFit.lineHeight + gap;
  t.draw(restFit, { x: cx, baseline: top + restFit.size * 1.1, align: 'center' });

  // The bottom row: date and place of issue (left), signature (middle), verification (right).
  const rowBaseline = 500;
  const left = 70;
  const sideWidth = 210;
  t.block(`${w.issued}: ${issued}`, regular, { x: left, width: sideWidth, baseline: rowBaseline, size: 11, min: 8, align: 'left' });
  t.block(`${w.place}: ${w.issuePlace}`, regular, { x: left, width: sideWidth, baseline: rowBaseline + 18, size: 11, min: 8, align: 'left' });

  doc.save().lineWidth(0.8).strokeColor(INK).moveTo(cx - 90, rowBaseline - 6).lineTo(cx + 90, rowBaseline - 6).stroke().restore();
  t.block(w.secretary, strong, { x: cx, width: 180, baseline: rowBaseline + 12, size: 12 });
  t.block(SAMITI[lang], muted, { x: cx, width: 230, baseline: rowBaseline + 28, size: 9.5, min: 7 });

  const qrSize = 76;
  const rightCx = PAGE.width - 70 - sideWidth / 2;
  const qrTop = 420;
  drawQr(doc, url, rightCx - qrSize / 2, qrTop, qrSize);
  const vy = t.block(`${w.code}: ${code}`, regular, { x: rightCx, width: sideWidth, baseline: qrTop + qrSize + 18, size: 9, min: 7 });
  t.block(url, muted, { x: rightCx, width: sideWidth, baseline: vy + 11, size: 7, min: 5.5, maxLines: 2 });
  doc.link(rightCx - qrSize / 2, qrTop, qrSize, qrSize, url);

  doc.end();
  return done;
}
