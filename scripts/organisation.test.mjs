// The organisation's names are defined once (shared/organisation.json) and spelled the same everywhere:
// the site, its page titles, the mails and the certificates.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { SITE_NAME } from '../site-server/dist/page-meta.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const organisation = JSON.parse(readFileSync(path.join(root, 'shared/organisation.json'), 'utf8'));

/** Lines of tracked files holding `text` (git grep: what a clone has, without build output). */
function grep(text) {
  try {
    return execFileSync('git', ['grep', '-n', '-F', '-e', text], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch (err) {
    if (err.status === 1) return []; // nothing found
    throw err;
  }
}

test('the Hindi name is spelled one way in every file', () => {
  assert.equal(organisation.hi, 'ज्ञान ज्योति शिक्षा मिशन');
  const start = organisation.hi.split(' ').slice(0, 2).join(' '); // the name's first two words, read from the file
  const others = grep(start).filter((line) => line.split(start).slice(1).some((after) => !after.startsWith(' शिक्षा मिशन')));
  assert.deepEqual(others, []);
  // The spelling the mails and certificates once had, written here in two pieces so that this file does not hold it.
  assert.deepEqual(grep(['एजुकेशन', 'मिशन'].join(' ')), []);
});

test('the page titles, the site, the mails and the certificates read the one definition', () => {
  assert.deepEqual(SITE_NAME, organisation);
  const reads = (file) => readFileSync(path.join(root, file), 'utf8').includes('shared/organisation.json');
  assert.ok(reads('public-site/src/i18n/index.ts'), 'the site takes org.programme from shared/organisation.json');
  assert.ok(reads('api/src/mail/templates.ts'), 'the mails (and the certificates, through ORGANISATION) read shared/organisation.json');
  for (const lang of ['en', 'hi']) {
    const catalogue = JSON.parse(readFileSync(path.join(root, `public-site/src/i18n/locales/${lang}.json`), 'utf8'));
    assert.equal(catalogue.org.programme, undefined, `${lang}.json has no name of its own`);
  }
  assert.match(readFileSync(path.join(root, 'api/src/certificates/certificate.pdf.ts'), 'utf8'), /import \{ ORGANISATION, ORGANISATION_HI \} from '\.\.\/mail\/templates'/);
});
