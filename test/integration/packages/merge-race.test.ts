/**
 * Merges racing each other in real processes (the CLI): each one verifies and applies in one write
 * transaction, so whatever the timing the master ends as if they had run one after the other. Checked over
 * several rounds: the same package merged by two processes started together, and two packages of one
 * rater merged while a third process holds the study's write lock (both wait, say so, then run in turn).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import type { Clock } from '../../../shared/clock';
import {
  assignStudy,
  createSeededStudy,
  PASSPHRASE,
  packFor,
  ratingValues,
  type SeededStudy,
} from '../session/fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));
const ROUNDS = 3;

interface Run {
  child: ChildProcess;
  stderr: () => string;
  done: Promise<{ code: number; stdout: string; stderr: string }>;
}

function start(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
  return { child, stderr: () => stderr, done };
}

const merge = (master: string, pkg: string) => start([CLI, 'merge', master, pkg]);

/** Another program holding the study's write lock until told to let go on stdin. */
const HOLDER = `
const Database = require('better-sqlite3-multiple-ciphers');
const db = new Database(process.env.MASTER);
db.pragma("cipher = 'sqlcipher'"); db.pragma('legacy = 4'); db.key(Buffer.from(process.env.BLINDRATE_PASSPHRASE));
db.exec('BEGIN IMMEDIATE');
process.stdout.write('holding\\n');
process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;

async function until(condition: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > 60_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Everything a merge decides, without the merge times: answers and their package, lock, audit entries in order. */
function masterState(path: string) {
  const db = openStudyDatabase(path, PASSPHRASE, { readonly: true });
  try {
    return {
      answers: db
        .prepare(
          `SELECT r.assignment_id, r.package_id, r.comment, group_concat(v.dimension || '=' || v.value) AS rated
           FROM responses r LEFT JOIN ratings v ON v.assignment_id = r.assignment_id
           GROUP BY r.assignment_id ORDER BY r.assignment_id`,
        )
        .all(),
      locked: db.prepare('SELECT name, locked_at FROM raters ORDER BY name').all(),
      audit: db.prepare('SELECT actor, action, entity_id FROM audit_log ORDER BY id').raw().all() as string[][],
    };
  } finally {
    db.close();
  }
}

let study: SeededStudy;
let template: string;
let older: string;
let newer: string;
let copies = 0;

function freshMaster(): string {
  const path = join(study.path, '..', `round-${++copies}.db`);
  copyFileSync(template, path);
  return path;
}

beforeAll(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada']);
  const rateEverything = (file: string, level: number, clock: Clock, lock: boolean) => {
    const p = packFor(study, 'Dr Ada', file, clock);
    for (const t of p.session.listAssignments('rating'))
      p.session.saveRating({ assignmentId: t.assignmentId, values: ratingValues(level), comment: file, durationMs: 5 });
    if (lock) p.session.lock();
    p.close();
    return p.path;
  };
  older = rateEverything('ada-older.blindrate', 2, () => new Date('2026-03-02T09:00:00.000Z'), false);
  // Re-issued after a lost laptop: rated later and locked.
  newer = rateEverything('ada-newer.blindrate', 5, () => new Date('2026-03-03T09:00:00.000Z'), true);
  study.db.close();
  template = join(study.path, '..', 'template.db');
  copyFileSync(study.path, template);
});
afterAll(() => study.cleanup());

describe('merges racing in separate processes', () => {
  it(`the same package merged by two processes at once is merged once (${ROUNDS} rounds)`, async () => {
    const sequential = freshMaster();
    expect((await merge(sequential, older).done).code).toBe(0);
    expect((await merge(sequential, older).done).stdout).toBe(
      'ada-older.blindrate (Dr Ada): already merged, nothing changed.\n',
    );
    const expected = masterState(sequential);
    expect(expected.audit.filter((entry) => entry[1] === 'package.merge')).toHaveLength(1);

    for (let round = 0; round < ROUNDS; round++) {
      const master = freshMaster();
      const results = await Promise.all([merge(master, older).done, merge(master, older).done]);
      expect(results.map((r) => r.code)).toEqual([0, 0]);
      expect(results.filter((r) => r.stdout.includes('already merged, nothing changed'))).toHaveLength(1);
      expect(masterState(master), `round ${round + 1}`).toEqual(expected);
    }
  }, 300_000);

  it(`two packages of one rater, both waiting for a third process, end as one after the other (${ROUNDS} rounds)`, async () => {
    const olderFirst = freshMaster();
    expect((await merge(olderFirst, older).done).code).toBe(0);
    expect((await merge(olderFirst, newer).done).code).toBe(0);
    const newerFirst = freshMaster();
    expect((await merge(newerFirst, newer).done).code).toBe(0);
    const refused = await merge(newerFirst, older).done;
    expect(refused.stderr).toMatch(/^blindrate: ada-older\.blindrate: Dr Ada is locked in the master since /);
    const sequentialOutcomes = [masterState(olderFirst), masterState(newerFirst)];

    for (let round = 0; round < ROUNDS; round++) {
      const master = freshMaster();
      const holder = start(['-e', HOLDER], { MASTER: master });
      const held = { out: '' };
      holder.child.stdout!.on('data', (chunk: Buffer) => (held.out += chunk.toString()));
      await until(() => held.out.includes('holding'), 'the holder');
      const runs = [merge(master, older), merge(master, newer)];
      const notice = `blindrate: waiting for another merge of ${master.split('/').at(-1)}…\n`;
      await until(() => runs.every((r) => r.stderr().includes(notice)), 'both merges to say they wait');
      holder.child.stdin!.write('go\n');
      const results = await Promise.all(runs.map((r) => r.done));
      expect((await holder.done).code).toBe(0);
      // One of the two orders: both merged (older first), or the older refused once the newer locked the rater.
      expect(results.filter((r) => r.code === 0).length).toBeGreaterThanOrEqual(1);
      expect(sequentialOutcomes, `round ${round + 1}`).toContainEqual(masterState(master));
    }
  }, 300_000);
});
