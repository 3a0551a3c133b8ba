// Generates the hero slides and the default event image as small WebP files from SVG artwork.
// Run: node scripts/generate-images.mjs (uses sharp from the repository's node_modules).
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const out = new URL('../src/assets/', import.meta.url);
mkdirSync(out, { recursive: true });

const W = 1600;
const H = 500;

function person(x, y, s, color) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${color}">
    <circle cx="0" cy="-62" r="16"/>
    <path d="M-22 -40 Q0 -50 22 -40 L28 10 L-28 10 Z"/>
  </g>`;
}

function sunRays(cx, cy, n, r1, r2, color, opacity) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = Math.PI + (Math.PI * (i + 0.5)) / n;
    const x1 = cx + r1 * Math.cos(a), y1 = cy + r1 * Math.sin(a);
    const x2 = cx + r2 * Math.cos(a), y2 = cy + r2 * Math.sin(a);
    s += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color}" stroke-width="10" stroke-linecap="round" opacity="${opacity}"/>`;
  }
  return s;
}

const slides = {
  // Education for all: sunrise over an open book, children walking towards it.
  'hero-1': `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#7c2d12"/><stop offset="0.55" stop-color="#c2410c"/><stop offset="1" stop-color="#f59e0b"/>
      </linearGradient>
      <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#fbbf24"/>
      </radialGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${sunRays(1150, 380, 11, 170, 300, '#fde68a', 0.35)}
    <circle cx="1150" cy="380" r="140" fill="url(#sun)"/>
    <path d="M0 400 Q400 340 800 390 T1600 370 V500 H0 Z" fill="#9a3412" opacity="0.7"/>
    <path d="M0 440 Q500 400 900 440 T1600 430 V500 H0 Z" fill="#431407"/>
    <g transform="translate(1150 420)">
      <path d="M-190 0 Q-95 -50 0 -10 Q95 -50 190 0 L190 28 Q95 -20 0 20 Q-95 -20 -190 28 Z" fill="#fff7ed"/>
      <path d="M0 -10 V20" stroke="#c2410c" stroke-width="4"/>
    </g>
    ${person(260, 440, 1.1, '#1c0a04')}${person(330, 445, 0.85, '#1c0a04')}${person(395, 442, 0.95, '#1c0a04')}${person(470, 446, 0.75, '#1c0a04')}
  </svg>`,
  // Learning together: a circle of learners under a banyan-like tree.
  'hero-2': `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f766e"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="200" cy="90" r="260" fill="#14b8a6" opacity="0.12"/>
    <circle cx="1450" cy="470" r="320" fill="#f59e0b" opacity="0.12"/>
    <g transform="translate(1120 0)">
      <rect x="-22" y="230" width="44" height="210" rx="14" fill="#422006"/>
      <path d="M-10 300 Q-90 320 -120 440 M10 300 Q90 320 120 440" stroke="#422006" stroke-width="10" fill="none"/>
      <circle cx="0" cy="170" r="130" fill="#15803d"/>
      <circle cx="-130" cy="220" r="95" fill="#16a34a"/>
      <circle cx="130" cy="220" r="95" fill="#16a34a"/>
      <circle cx="-60" cy="110" r="80" fill="#22c55e" opacity="0.8"/>
      <circle cx="70" cy="120" r="70" fill="#22c55e" opacity="0.7"/>
    </g>
    <path d="M0 440 H1600 V500 H0 Z" fill="#042f2e"/>
    <ellipse cx="1120" cy="452" rx="330" ry="26" fill="#064e3b"/>
    ${person(900, 445, 0.9, '#fde68a')}${person(980, 450, 0.8, '#fed7aa')}${person(1260, 450, 0.8, '#fde68a')}${person(1340, 445, 0.9, '#fed7aa')}${person(1120, 458, 0.7, '#fef3c7')}
    <g fill="#fef3c7" opacity="0.9">
      <rect x="1085" y="402" width="70" height="46" rx="4" fill="#fff7ed"/>
      <path d="M1120 402 V448" stroke="#0f766e" stroke-width="3"/>
    </g>
  </svg>`,
  // Academic success: a rising path of steps to a graduation cap under stars.
  'hero-3': `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>
      <linearGradient id="night" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4c1d95"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#night)"/>
    ${Array.from({ length: 40 }, (_, i) => {
      const x = (i * 397) % W, y = (i * 151) % 260 + 10, r = (i % 3) + 1.5;
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fde68a" opacity="${0.4 + (i % 5) / 10}"/>`;
    }).join('')}
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${820 + i * 110}" y="${440 - i * 50}" width="110" height="${60 + i * 50}" fill="${['#7c3aed', '#6d28d9', '#8b5cf6', '#7c3aed', '#a78bfa', '#c4b5fd'][i]}"/>`).join('')}
    <g transform="translate(1430 150)">
      <path d="M-110 0 L0 -50 L110 0 L0 50 Z" fill="#fbbf24"/>
      <path d="M-60 22 V70 Q0 100 60 70 V22 L0 50 Z" fill="#f59e0b"/>
      <path d="M90 10 V80" stroke="#fde68a" stroke-width="5"/>
      <circle cx="90" cy="86" r="9" fill="#fde68a"/>
    </g>
    ${person(900, 440, 1, '#fef3c7')}
    <path d="M0 470 H1600 V500 H0 Z" fill="#0b0a2a"/>
  </svg>`,
};

const eventDefault = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" viewBox="0 0 960 600">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="#fed7aa"/>
    </linearGradient>
  </defs>
  <rect width="960" height="600" fill="url(#g)"/>
  <circle cx="820" cy="110" r="160" fill="#fdba74" opacity="0.45"/>
  <circle cx="120" cy="560" r="200" fill="#fb923c" opacity="0.25"/>
  <g transform="translate(480 300)">
    <rect x="-170" y="-130" width="340" height="260" rx="26" fill="#ffffff" stroke="#c2410c" stroke-width="10"/>
    <rect x="-170" y="-130" width="340" height="70" rx="26" fill="#c2410c"/>
    <rect x="-170" y="-90" width="340" height="30" fill="#c2410c"/>
    <rect x="-110" y="-160" width="22" height="60" rx="11" fill="#7c2d12"/>
    <rect x="88" y="-160" width="22" height="60" rx="11" fill="#7c2d12"/>
    ${[0, 1, 2, 3].map((c) => [0, 1, 2].map((r) => `<rect x="${-130 + c * 70}" y="${-40 + r * 55}" width="46" height="36" rx="8" fill="${c === 2 && r === 1 ? '#f59e0b' : '#fde2c8'}"/>`).join('')).join('')}
  </g>
</svg>`;

for (const [name, svg] of Object.entries(slides)) {
  for (const width of [800, 1600]) {
    const file = new URL(`${name}-${width}.webp`, out);
    const info = await sharp(Buffer.from(svg)).resize(width).webp({ quality: 72, effort: 6 }).toFile(file.pathname);
    console.log(`${name}-${width}.webp`, info.size, 'bytes');
  }
}
const info = await sharp(Buffer.from(eventDefault)).resize(640).webp({ quality: 75, effort: 6 }).toFile(new URL('event-default.webp', out).pathname);
console.log('event-default.webp', info.size, 'bytes');
