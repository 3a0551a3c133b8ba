import { defineConfig, devices } from '@playwright/test';
import { STACK } from './support/stack-config.cjs';

const artifacts = './artifacts';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

/** Browser journeys against the real stack (started as `npm start` starts it), with mail captured over SMTP. */
export default defineConfig({
  testDir: './tests',
  outputDir: `${artifacts}/results`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // results.json keeps each journey's duration, to see where CI's minutes go.
  reporter: [['list'], ['html', { outputFolder: `${artifacts}/report`, open: 'never' }], ['json', { outputFile: `${artifacts}/results.json` }]],
  use: {
    baseURL: STACK.publicUrl,
    // Only on failure: the screens a journey means to show it takes itself (page.screenshot).
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium } },
    { name: 'mobile', use: { ...devices['Pixel 5'], viewport: { width: 390, height: 844 }, launchOptions: chromium }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node stack.mjs',
    url: `${STACK.publicUrl}/`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
