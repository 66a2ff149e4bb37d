#!/usr/bin/env node
// Bundles the Electron main process and preload into dist/electron/ with esbuild (`npm run build:electron`).
// The main bundle is CommonJS (.cjs) because Electron loads its entry with require; better-sqlite3-multiple-ciphers
// stays external because it is a native module that electron-builder rebuilds for Electron's ABI and unpacks from
// the asar. The preload runs sandboxed, where `require` knows only `electron`, so everything else is inlined.
import { build } from 'esbuild';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

/** `outdir` defaults to dist/electron; a test bundles into a folder of its own (inside the repo, so node_modules resolves). */
export async function bundleElectron(outdir = 'dist/electron') {
  await Promise.all([
    build({
      ...common,
      entryPoints: ['electron/main/index.ts'],
      outfile: `${outdir}/main.cjs`,
      external: ['electron', 'better-sqlite3-multiple-ciphers'],
      // electron/services/analysis-thread.ts reads import.meta only where __dirname is missing (ES modules).
      logOverride: { 'empty-import-meta': 'silent' },
    }),
    // The Reports screen's analysis runs in this worker thread (electron/services/analysis-thread.ts).
    build({
      ...common,
      entryPoints: ['electron/services/analysis-worker.ts'],
      outfile: `${outdir}/analysis-worker.cjs`,
    }),
    // The coordinator's jobs (import, pack, merge, export) run in this worker thread (electron/services/job-thread.ts).
    build({
      ...common,
      entryPoints: ['electron/services/job-worker.ts'],
      outfile: `${outdir}/job-worker.cjs`,
      external: ['better-sqlite3-multiple-ciphers'],
      logOverride: { 'empty-import-meta': 'silent' },
    }),
    build({
      ...common,
      entryPoints: ['electron/preload/index.ts'],
      outfile: `${outdir}/preload.cjs`,
      external: ['electron'],
    }),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundleElectron();
  process.stdout.write('Bundled dist/electron/main.cjs, analysis-worker.cjs, job-worker.cjs and preload.cjs\n');
}
