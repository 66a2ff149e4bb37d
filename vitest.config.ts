import { availableParallelism } from 'node:os';
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
    // One worker more than there are cores (vitest's default is one fewer: a single worker on a 2-core machine).
    // Much of the suite waits on processes it spawns (`blindrate`, `serve`, electron-builder) or on the disk, so a
    // worker uses about three quarters of a core on average; on 2 cores 3 workers keep both busy. Measured in
    // docs/testing.md ("Time"): 1 worker vs 3.
    maxWorkers: availableParallelism() + 1,
  },
});
