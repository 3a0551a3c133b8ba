import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newVerificationCode, renderCertificate, VERIFICATION_CODE_ALPHABET, type CertificateInput } from '../certificate.pdf';

/** poppler-utils (pdftotext, pdfinfo) reads the PDFs back; without it the reading tests are skipped. */
function hasBinary(name: string) {
  try {
    execFileSync(name, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const poppler = hasBinary('pdftotext') && hasBinary('pdfinfo');
if (!poppler) console.warn('certificate-pdf tests: pdftotext/pdfinfo not found (Debian package poppler-utils), so the text and page-size checks are skipped');
const withPoppler = poppler ? it : it.skip;

const dir = mkdtempSync(join(tmpdir(), 'certificate-pdf-'));
function save(name: string, pdf: Buffer) {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return file;
}
const pdftotext = (file: string) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
/** pdftotext -layout keeps line breaks and adds spaces; compare with runs of white space squeezed. */
const squeeze = (s: string) => s.replace(/\s+/g, ' ');

// 18:45 on 14 March UTC is past midnight in India: the certificate must say 15 March.
const eventDate = new Date('2025-03-14T18:45:00Z');
const issuedAt = new Date('2025-03-20T06:00:00Z');

const english: CertificateInput = {
  language: 'en',
  participantName: 'Smt. Asha Kshatriya',
  eventTitle: 'Science Workshop for Teachers',
  eventDate,
  eventPlace: 'Government Inter College, Civil Lines, Prayagraj',
  issuedAt,
  verificationCode: 'K7QM-2ZXD-9HWT-4RBN',
  verifyUrl: 'https://gyanjyotimission.org/verify/K7QM-2ZXD-9HWT-4RBN',
};
const hindi: CertificateInput = {
  ...english,
  language: 'hi',
  participantName: 'श्रीमती त्र्यंबक क्षत्रिय',
  eventTitle: 'शिक्षकों के लिए विज्ञान कार्यशाला',
  eventPlace: 'राजकीय इंटर कॉलेज, सिविल लाइन्स, प्रयागराज',
  verificationCode: 'P3VX-8JNA-T6KE-1MCQ',
  verifyUrl: 'https://gyanjyotimission.org/verify/P3VX-8JNA-T6KE-1MCQ',
};

describe('renderCertificate', () => {
  let enFile: string;
  let hiFile: string;
  let enPdf: Buffer;
  let hiPdf: Buffer;

  beforeAll(async () => {
    enPdf = await renderCertificate(english);
    hiPdf = await renderCertificate(hindi);
    enFile = save('certificate-en.pdf', enPdf);
    hiFile = save('certificate-hi.pdf', hiPdf);
    console.log(`certificates: ${enFile} (${enPdf.length} bytes), ${hiFile} (${hiPdf.length} bytes)`);
  });

  it('writes a one-page PDF of under 200 KB in each language', () => {
    for (const pdf of [enPdf, hiPdf]) {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(200 * 1024);
    }
  });

  withPoppler('is an A4 landscape page (842 × 595 points)', () => {
    for (const file of [enFile, hiFile]) {
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/^Pages:\s+1$/m);
      const [, w, h] = info.match(/^Page size:\s+([\d.]+) x ([\d.]+) pts/m)!;
      expect(Math.round(Number(w))).toBe(842);
      expect(Math.round(Number(h))).toBe(595);
    }
  });

  withPoppler('says who took part in what, when and where, in English', () => {
    const text = squeeze(pdftotext(enFile));
    expect(text).toContain('Gyan Jyoti Education Mission');
    expect(text).toContain('founded in 1971');
    expect(text).toContain('Certificate of Participation');
    expect(text).toContain('This is to certify that');
    expect(text).toContain('Smt. Asha Kshatriya');
    expect(text).toContain('Science Workshop for Teachers');
    expect(text).toContain('15 March 2025');
    expect(text).toContain('Government Inter College, Civil Lines, Prayagraj');
    expect(text).toContain('20 March 2025');
    expect(text).toContain('K7QM-2ZXD-9HWT-4RBN');
    expect(text).toContain('https://gyanjyotimission.org/verify/K7QM-2ZXD-9HWT-4RBN');
    expect(text).toContain('Secretary');
  });

  withPoppler('says it in Hindi, and the Devanagari extracts as real Unicode', () => {
    const text = squeeze(pdftotext(hiFile));
    expect(text).toContain('ज्ञान ज्योति शिक्षा मिशन');
    expect(text).toContain('Gyan Jyoti Education Mission');
    expect(text).toContain('1971 में स्थापित');
    expect(text).toContain('सहभागिता प्रमाणपत्र');
    expect(text).toContain('प्रमाणित किया जाता है कि');
    expect(text).toContain('श्रीमती त्र्यंबक क्षत्रिय');
    expect(text).toContain('शिक्षकों के लिए विज्ञान कार्यशाला');
    expect(text).toContain('15 मार्च 2025');
    expect(text).toContain('राजकीय इंटर कॉलेज, सिविल लाइन्स, प्रयागराज');
    expect(text).toContain('सहभागिता की।');
    expect(text).toContain('20 मार्च 2025');
    expect(text).toContain('P3VX-8JNA-T6KE-1MCQ');
    expect(text).toContain('सचिव');
  });

  withPoppler('fits very long names and titles inside the page', async () => {
    const long: CertificateInput = {
      ...hindi,
      participantName: 'श्रीमती प्रशिक्षण कार्यशाला त्र्यंबकेश्वरी क्षत्रिय-श्रीवास्तव '.repeat(4),
      eventTitle: 'प्रशिक्षण कार्यशाला: शिक्षकों के लिए विज्ञान, गणित और पर्यावरण अध्ययन की नई पद्धतियाँ '.repeat(6),
      eventPlace: 'A very long venue name without any spaces: ' + 'Prayagraj'.repeat(20),
    };
    for (const input of [long, { ...long, language: 'en' as const, participantName: 'Supercalifragilisticexpialidocious'.repeat(5) }]) {
      const pdf = await renderCertificate(input);
      expect(pdf.length).toBeLessThan(200 * 1024);
      const file = save(`certificate-long-${input.language}.pdf`, pdf);
      // Every word drawn lies within the inner border (27 pt from each edge).
      const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
      const boxes = [...bbox.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)].map((m) => m.slice(1).map(Number));
      expect(boxes.length).toBeGreaterThan(20);
      for (const [x0, y0, x1, y1] of boxes) {
        expect(x0).toBeGreaterThanOrEqual(27);
        expect(y0).toBeGreaterThanOrEqual(27);
        expect(x1).toBeLessThanOrEqual(842 - 27);
        expect(y1).toBeLessThanOrEqual(595 - 27);
      }
    }
  });
});

describe('newVerificationCode', () => {
  it('gives 16 Crockford base32 characters in groups of four', () => {
    const alphabet = new Set(VERIFICATION_CODE_ALPHABET);
    expect(alphabet.size).toBe(32);
    for (const banned of 'ILOU') expect(alphabet.has(banned)).toBe(false);
    const codes = Array.from({ length: 200 }, () => newVerificationCode());
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(code.replace(/-/g, '')).toHaveLength(16);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // Over 200 codes (3,200 characters) nearly every character of the alphabet turns up.
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBeGreaterThan(28);
  });
});
