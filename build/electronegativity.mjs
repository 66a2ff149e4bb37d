#!/usr/bin/env node
// `npm run lint` step: Doyensec's Electronegativity over the shell's sources and over the built bundle
// (each with the renderer's index.html, where the CSP lives). Every finding must be in the reviewed
// allow-list build/electronegativity-allow.json (check id + file + why it is acceptable); anything
// else fails the lint with one line per finding. Electronegativity does not read .cjs files, so the
// bundle is copied as .js; it tries to fetch Electron's release list and translations, which fails
// quickly offline and changes no result. The CSP is a response header built per page load
// (electron/serve/static-files.ts), which Electronegativity cannot see, so the staged index.html
// carries that very policy as a meta tag; run with tsx (`npm run lint`), which loads that module.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import run from '@doyensec/electronegativity';
import { contentSecurityPolicy, newStyleNonce } from '../electron/serve/static-files.ts';
import { bundleElectron } from './bundle-electron.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const ELECTRON_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron;

/** Findings of one scan as { check, file, line, description }, file relative to `dir`. */
export async function scan(dir) {
  // It prints "Could not retrieve updated translations" through console.log when offline.
  const { console } = globalThis;
  const log = console.log;
  console.log = () => {};
  try {
    // AvailableSecurityFixesGlobalCheck downloads Electron's release list: no network here, and the pinned version comes from package.json.
    const result = await run({
      input: dir,
      electronVersionOverride: ELECTRON_VERSION,
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    });
    return result.issues.map((issue) => ({
      check: issue.id,
      file: issue.file === 'N/A' ? 'N/A' : relative(dir, issue.file),
      line: issue.location?.line ?? 0,
      description: issue.description,
    }));
  } finally {
    console.log = log;
  }
}

/** renderer/index.html with the policy every served page gets, as a meta tag Electronegativity reads. */
function indexWithServedPolicy() {
  const html = readFileSync(join(root, 'renderer/index.html'), 'utf8');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(newStyleNonce())}" />`;
  if (!/<head>/.test(html)) throw new Error('renderer/index.html has no <head> to put the policy in.');
  return html.replace('<head>', `<head>\n    ${meta}`);
}

/** The findings the allow-list does not cover (`file` is matched as reported, e.g. sources/electron/main/index.ts). */
export function unreviewed(findings, allowList) {
  return findings.filter((f) => !allowList.some((a) => a.check === f.check && a.file === f.file));
}

async function main() {
  const allowList = JSON.parse(readFileSync(join(root, 'build/electronegativity-allow.json'), 'utf8')).allowed;
  await bundleElectron();
  // One scan (each run waits for a translations download that fails offline): sources/ and bundle/ side by side.
  const staged = [
    ['electron', 'sources/electron'],
    ['dist/electron/main.cjs', 'bundle/main.js'],
    ['dist/electron/preload.cjs', 'bundle/preload.js'],
  ];
  const page = indexWithServedPolicy();
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-electronegativity-'));
  try {
    for (const [from, to] of staged) cpSync(join(root, from), join(dir, to), { recursive: true });
    for (const to of ['sources/renderer/index.html', 'bundle/index.html']) {
      mkdirSync(dirname(join(dir, to)), { recursive: true });
      writeFileSync(join(dir, to), page);
    }
    const problems = unreviewed(await scan(dir), allowList);
    for (const f of problems)
      process.stderr.write(`electronegativity: ${f.check} at ${f.file}:${f.line}: ${f.description}\n`);
    if (problems.length > 0) {
      process.stderr.write(
        `${problems.length} Electronegativity finding(s) not in build/electronegativity-allow.json: fix them, or review and list them there with the reason.\n`,
      );
      process.exitCode = 1;
    } else process.stdout.write('Electronegativity: no unreviewed findings (sources and bundle).\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
