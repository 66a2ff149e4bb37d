import { defineConfig } from 'vitest/config';

// Every test process (vitest's workers, the worker threads they start, each `blindrate` a test spawns) derives
// SQLCipher keys with a few rounds instead of 256,000: see test/fast-key-derivation.mjs and the test proving the
// product keeps the full derivation (test/unit/db/key-derivation.test.ts).
const fastKeyDerivation = `--import=${new URL('./test/fast-key-derivation.mjs', import.meta.url).href}`;
if (!process.env.NODE_OPTIONS?.includes(fastKeyDerivation))
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, fastKeyDerivation].filter(Boolean).join(' ');

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx', 'test/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/build-cli.global-setup.ts'],
    testTimeout: 30_000,
  },
});
