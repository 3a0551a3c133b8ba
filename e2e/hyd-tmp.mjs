import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ev = await (await fetch('http://localhost:3700/graphql',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({query:'{ events(filter:{when:UPCOMING},limit:1){items{id}} }'})})).json();
for (const url of ['/', '/about', '/events', '/events/' + ev.data.events.items[0].id, '/teams', '/contact', '/registration', '/login', '/register', '/verify-otp', '/add-student']) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await ctx.newPage();
  const msgs = [];
  page.on('console', m => { if (m.type() !== 'log' && m.type() !== 'info' && m.type() !== 'debug') msgs.push(m.type() + ': ' + m.text().slice(0, 300)); });
  page.on('pageerror', e => msgs.push('pageerror: ' + e.message));
  await page.goto('http://localhost:3700' + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  console.log(url, msgs.length ? msgs.join(' | ') : 'clean');
  await ctx.close();
}
await browser.close();
