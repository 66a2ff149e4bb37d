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

export async function bundleElectron() {
  await Promise.all([
    build({
      ...common,
      entryPoints: ['electron/main/index.ts'],
      outfile: 'dist/electron/main.cjs',
      external: ['electron', 'better-sqlite3-multiple-ciphers'],
    }),
    build({
      ...common,
      entryPoints: ['electron/preload/index.ts'],
      outfile: 'dist/electron/preload.cjs',
      external: ['electron'],
    }),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundleElectron();
  process.stdout.write('Bundled dist/electron/main.cjs and dist/electron/preload.cjs\n');
}
