import { defineConfig } from '@playwright/test';

// One set of specs for both launchers (see launcher.ts). `npm run test:e2e` builds the renderer first.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: { actionTimeout: 10_000 },
});
