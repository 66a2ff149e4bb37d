/**
 * The offline scenario: a coordinator's master study (the session fixture: 15 rating and 6 preference tasks,
 * "Dr Ada" registered before copying), copied to two laptops. On Ada's laptop she rates 4 tasks, prefers
 * 2, flags one and locks; on Bob's laptop a new rater "Dr Bob" rates 3 and prefers 1.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import type { Clock } from '../../../shared/clock';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { openRaterCopy, type RaterCopy } from '../../../electron/services/merge';
import { createRater } from '../../../electron/services/raters';
import { startRaterSession, type RaterSession } from '../../../electron/services/session';
import { openStudy } from '../../../electron/services/study';
import { createSeededStudy, PASSPHRASE, ratingValues } from '../session/fixture';

export { PASSPHRASE };

export const clockAt = (iso: string): Clock => () => new Date(iso);

const cleanups: (() => void)[] = [];
const openDbs: StudyDb[] = [];
afterEach(() => {
  for (const db of openDbs.splice(0)) if (db.open) db.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Opened databases are closed after each test. */
export function track(db: StudyDb): StudyDb {
  openDbs.push(db);
  return db;
}

export function openMaster(path: string): StudyDb {
  return track(openStudy(path, PASSPHRASE));
}

export function openCopy(path: string): RaterCopy {
  return { path, db: track(openRaterCopy(path, PASSPHRASE)) };
}

/** Runs `use` on a laptop's (read-write) copy and closes it, as the app does when the rater quits. */
export function onLaptop<T>(path: string, use: (db: StudyDb) => T): T {
  const db = openStudy(path, PASSPHRASE);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

export function sessionOf(db: StudyDb, name: string, clock: Clock): RaterSession {
  const id = db.prepare('SELECT id FROM raters WHERE name = ?').pluck().get(name) as number | undefined;
  return startRaterSession(db, id ?? createRater(db, name, clock).id, MEDISUMQA_RUBRIC, clock);
}

/** Rates the rater's first `count` rating tasks in their order, at `level` on every Likert dimension. */
export function rateFirst(session: RaterSession, count: number, level: number): void {
  for (const task of session.listAssignments('rating').slice(0, count)) {
    session.saveRating({ assignmentId: task.assignmentId, values: ratingValues(level), comment: `level ${level}`, durationMs: 1000 });
  }
}

export function preferFirst(session: RaterSession, count: number, choice: 'A' | 'B'): void {
  for (const task of session.listAssignments('preference').slice(0, count)) {
    session.savePreference({ assignmentId: task.assignmentId, choice, comment: '', durationMs: 500 });
  }
}

export interface Laptops {
  master: string;
  ada: string;
  bob: string;
}

export const ADA_CLOCK = clockAt('2026-03-03T10:00:00.000Z');
export const BOB_CLOCK = clockAt('2026-03-04T15:30:00.000Z');

/** The master (closed, so its WAL is checkpointed into the file) copied to two laptops, each rated there. */
export function masterAndRatedLaptops(): Laptops {
  const study = createSeededStudy();
  cleanups.push(() => study.cleanup());
  createRater(study.db, 'Dr Ada', clockAt('2026-03-02T08:00:00.000Z'));
  study.db.close();
  if (existsSync(`${study.path}-wal`)) throw new Error('the master WAL was not checkpointed on close');
  const folder = dirname(study.path);
  const laptops = { master: study.path, ada: join(folder, 'ada-laptop.db'), bob: join(folder, 'bob-laptop.db') };
  copyFileSync(laptops.master, laptops.ada);
  copyFileSync(laptops.master, laptops.bob);
  onLaptop(laptops.ada, (db) => {
    const ada = sessionOf(db, 'Dr Ada', ADA_CLOCK);
    rateFirst(ada, 4, 4);
    preferFirst(ada, 2, 'A');
    ada.setFlag(ada.listAssignments('rating')[5]!.assignmentId, true);
    ada.lock();
  });
  onLaptop(laptops.bob, (db) => {
    const bob = sessionOf(db, 'Dr Bob', BOB_CLOCK);
    rateFirst(bob, 3, 2);
    preferFirst(bob, 1, 'B');
  });
  return laptops;
}

/** Every table's rows, order-independent: equal before and after means the file's data did not change. */
export function studyContents(db: StudyDb): Record<string, string[]> {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[];
  return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all().map((row) => JSON.stringify(row)).sort()]));
}

/** A rater's answers keyed by task, read behind the blinding, for comparing two files. */
export function answersOf(db: StudyDb, name: string): unknown[] {
  return db
    .prepare(
      `SELECT a.task_id, a.position, a.presented_a, a.flagged, r.comment, r.duration_ms, r.submitted_at, r.updated_at,
              p.choice, p.outcome, (SELECT group_concat(dimension || '=' || value, ',') FROM
                (SELECT dimension, value FROM ratings g WHERE g.assignment_id = a.id ORDER BY dimension)) AS ratings
       FROM assignments a JOIN raters w ON w.id = a.rater_id
       LEFT JOIN responses r ON r.assignment_id = a.id LEFT JOIN preferences p ON p.assignment_id = a.id
       WHERE w.name = ? ORDER BY a.task_id`,
    )
    .all(name);
}
