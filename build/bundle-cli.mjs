#!/usr/bin/env node
// Bundles the `blindrate` CLI (electron/cli/main.ts) into ES modules with esbuild, so the bin starts without
// transpiling TypeScript at every run. Code splitting makes every `import()` in the sources a chunk of its own:
// a command loads its services (and their packages) only when it runs, so `blindrate --help` loads commander
// alone. `npm install` / `npm ci` build it through the `prepare` script;
// electron/cli/blindrate.mjs rebuilds it when it is missing or older than any of its sources, so an edited
// checkout never runs stale code. Packages stay external, loaded from node_modules (the native SQLCipher module
// must be), except the statistics packages every analysis runs (BUNDLED_PACKAGES); `npm install` rebuilds the
// bundle, so an updated package is bundled again.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
// Two folders deep, like electron/cli/, so the paths electron/cli/paths.ts computes from import.meta.url
// (the repository root, the built renderer) point at the same places from the bundle.
const OUT_DIR = join(root, 'dist', 'cli');
export const CLI_BUNDLE = join(OUT_DIR, 'blindrate.mjs');
/** The sources the bundle was built from and when that build started: what the freshness check stats. */
const MANIFEST = join(OUT_DIR, 'inputs.json');

/** True when the bundle exists and no source it was built from (nor this script) changed since. */
export function cliBundleIsFresh() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    if (!manifest.outputs.every((output) => existsSync(join(root, output)))) return false;
    for (const input of [...manifest.inputs, 'build/bundle-cli.mjs']) {
      if (statSync(join(root, input)).mtimeMs >= manifest.startedAt) return false;
    }
  } catch {
    return false; // no manifest yet, or a source was deleted or renamed
  }
  return true;
}

/**
 * Scripts of build/ that a command loads on demand (start builds the Electron shell with build/bundle-electron.mjs)
 * stay files of their own, imported from the bundle's folder: inlined, their imports of build tools (esbuild)
 * would be hoisted to the top of the bundle and load at every start.
 */
const buildScriptsStayExternal = {
  name: 'build-scripts-stay-external',
  setup(build) {
    build.onResolve({ filter: /\/build\/[^/]+\.mjs$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!target.startsWith(join(root, 'build'))) return undefined;
      const path = relative(OUT_DIR, target);
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
};

/**
 * Packages bundled into the code that uses them: the statistics that every `analyze` runs (and that the
 * analysis worker runs again). As imports from node_modules, Node would resolve each of their files at every
 * start and scan CommonJS jstat for its exports (the scan alone about 24 ms: docs/performance.md, ninth round).
 */
const BUNDLED_PACKAGES = new Set(['jstat', 'simple-statistics', 'pure-rand']);

/** Every other package is imported from node_modules (the native SQLCipher module must be). */
const otherPackagesStayExternal = {
  name: 'other-packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const parts = path.split('/');
      const name = path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return BUNDLED_PACKAGES.has(name) ? undefined : { path, external: true };
    });
  },
};

/** Chunks of earlier builds (their names change with their contents) that this build no longer refers to. */
function removeStaleChunks(written) {
  for (const name of readdirSync(OUT_DIR)) {
    const path = join(OUT_DIR, name);
    if (/^chunk-\w+\.mjs(\.map)?$/.test(name) && !written.has(path)) rmSync(path, { force: true });
  }
}

export async function bundleCli() {
  const startedAt = Date.now();
  const { build } = await import('esbuild');
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    write: false,
  };
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: { blindrate: 'electron/cli/main.ts' },
      format: 'esm',
      splitting: true,
      // Chunks sit beside the entry, so import.meta.url (electron/cli/paths.ts) is as deep in each of them.
      outdir: OUT_DIR,
      chunkNames: 'chunk-[hash]',
      outExtension: { '.js': '.mjs' },
      plugins: [buildScriptsStayExternal, otherPackagesStayExternal],
    }),
    // The Reports analysis worker (electron/services/analysis-thread.ts looks for analysis-worker.cjs next to
    // the code that starts it): without it `serve` could not compute the Reports screen from the bundle.
    build({
      ...common,
      entryPoints: ['electron/services/analysis-worker.ts'],
      format: 'cjs',
      outfile: join(OUT_DIR, 'analysis-worker.cjs'),
      plugins: [otherPackagesStayExternal],
    }),
    // The coordinator's jobs (import, pack, merge, export) in browser mode (electron/services/job-thread.ts).
    build({
      ...common,
      entryPoints: ['electron/services/job-worker.ts'],
      format: 'cjs',
      outfile: join(OUT_DIR, 'job-worker.cjs'),
      logOverride: { 'empty-import-meta': 'silent' },
      plugins: [otherPackagesStayExternal],
    }),
  ]);
  mkdirSync(OUT_DIR, { recursive: true });
  // Written under temporary names and renamed: concurrent runs (parallel tests) never read half a file.
  const suffix = `.${process.pid}.tmp`;
  const files = results.flatMap((result) => result.outputFiles);
  for (const file of files) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  const inputs = [...new Set(results.flatMap((result) => Object.keys(result.metafile.inputs)))].filter(
    (input) => !input.startsWith('node_modules/'),
  );
  const outputs = files.map((file) => relative(root, file.path));
  writeFileSync(MANIFEST + suffix, JSON.stringify({ startedAt, inputs, outputs }));
  renameSync(MANIFEST + suffix, MANIFEST);
  removeStaleChunks(new Set(files.map((file) => file.path)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundleCli();
  process.stdout.write(`Bundled ${CLI_BUNDLE.slice(root.length)}\n`);
}
