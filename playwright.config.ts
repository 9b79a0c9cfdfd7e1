import { defineConfig } from '@playwright/test'

/**
 * Browser tests against the real server (started by e2e/global-setup.ts) in Debian's Chromium: Playwright's
 * own browser download is not available here, and must never be attempted.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  // A step that takes 1 s alone took up to 10 s in CI's full run (two workers, three browsers each, load ~20):
  // a wait only lasts this long when something is slow or broken, so the room costs nothing on a passing run.
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
})
