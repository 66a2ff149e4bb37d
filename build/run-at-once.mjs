#!/usr/bin/env node
/**
 * `node build/run-at-once.mjs typecheck lint format:check` runs those npm scripts at the same time and fails when
 * any of them fails, after all have finished (so one run lists every problem). `npm test` uses it for its static
 * checks: each is a single-threaded process (tsc, eslint, prettier), so one after the other they left a core idle;
 * side by side they take about as long as the longest of them (docs/testing.md, "Time"). Each script's output is
 * printed in one block when it ends, so the blocks never interleave.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node build/run-at-once.mjs <npm script>…');
  process.exit(2);
}

/** The npm that started us (npm sets npm_execpath), so Windows needs no shell; plain `npm` otherwise. */
function npmCommand(script) {
  const npmCli = process.env.npm_execpath;
  if (npmCli && /\.[cm]?js$/.test(npmCli)) return { command: process.execPath, args: [npmCli, 'run', script] };
  return { command: 'npm', args: ['run', script], shell: process.platform === 'win32' };
}

function run(script) {
  const started = Date.now();
  const { command, args, shell = false } = npmCommand(script);
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let finished = false; // a spawn error may be followed by 'close'
    const finish = (code, error) => {
      if (finished) return;
      finished = true;
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(Buffer.concat(output));
      if (error) process.stdout.write(`${error.message}\n`);
      const outcome = code === 0 ? 'passed' : `failed (exit code ${code ?? 'none'})`;
      console.log(`── npm run ${script}: ${outcome} in ${seconds} s\n`);
      done({ script, passed: code === 0 });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}

const results = await Promise.all(scripts.map(run));
const failed = results.filter((result) => !result.passed).map((result) => result.script);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((script) => `npm run ${script}`).join(', ')}`);
  process.exit(1);
}
