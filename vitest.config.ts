import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx', 'test/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/build-cli.global-setup.ts'],
    testTimeout: 30_000,
  },
});
