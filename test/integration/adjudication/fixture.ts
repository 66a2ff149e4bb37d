/**
 * A three-rater study rated and merged the way a coordinator runs one: 30 questions × 3 models rated by
 * Dr Ada, Dr Bob and Dr Cy (90 rating outputs, every rater rates every output) plus 6 preference pairs,
 * each package filled through the rater's session and merged. Each rater's values are drawn from the
 * texts they see (a hash of the answer with the rater's name), so the raters disagree on some outputs
 * and dimensions and agree on others, whatever order their packages hold the tasks in.
 */
import { createHash } from 'node:crypto';
import { openStudyDatabase, type StudyDb } from '../../../db/connection';
import type { Clock } from '../../../shared/clock';
import { startPackageSession } from '../../../electron/services/session';
import { mergePackages } from '../../../electron/services/merge';
import { assignStudy, createSeededStudy, fixedClock, packFor, type SeededStudy } from '../session/fixture';

export const RATERS = ['Dr Ada', 'Dr Bob', 'Dr Cy'];
const QUESTIONS = 30;

function draw(text: string, rater: string, salt: string, n: number): number {
  return createHash('sha256').update(`${rater}\u0000${salt}\u0000${text}`).digest().readUInt32BE(0) % n;
}

/** A rater's value on a 1–5 scale: near the answer's own level, a step or two off now and then. */
function likertOf(text: string, rater: string, dimension: string): number {
  const level = 2 + draw(text, '', dimension, 3);
  const offset = [-2, -1, 0, 0, 0, 0, 1, 2][draw(text, rater, dimension, 8)]!;
  return Math.min(5, Math.max(1, level + offset));
}

export function rateAndMerge(study: SeededStudy): void {
  const paths: string[] = [];
  for (const rater of RATERS) {
    const pkg = packFor(study, rater);
    for (const task of pkg.session.listAssignments('rating')) {
      const payload = pkg.session.getTask(task.assignmentId);
      const text = payload.kind === 'rating' ? payload.answer : '';
      pkg.session.saveRating({
        assignmentId: task.assignmentId,
        values: {
          factuality: likertOf(text, rater, 'factuality'),
          brevity: likertOf(text, rater, 'brevity'),
          patient_friendliness: likertOf(text, rater, 'patient_friendliness'),
          relevance: likertOf(text, rater, 'relevance'),
          safety: draw(text, rater, 'safety', 10) === 0 ? 0 : 1,
        },
        comment: '',
        durationMs: 20_000,
      });
    }
    for (const task of pkg.session.listAssignments('preference'))
      pkg.session.savePreference({
        assignmentId: task.assignmentId,
        choice: (['A', 'B', 'T'] as const)[draw(task.assignmentId, rater, 'choice', 3)]!,
        comment: '',
        durationMs: 15_000,
      });
    pkg.close();
    paths.push(pkg.path);
  }
  mergePackages(study.db, paths, fixedClock);
}

export function ratedThreeRaterStudy(): SeededStudy {
  const study = createSeededStudy(undefined, QUESTIONS);
  assignStudy(study, RATERS);
  rateAndMerge(study);
  return study;
}

/** Rater id → name, read behind the blinding for assertions. */
export function raterNames(db: StudyDb): Map<number, string> {
  return new Map(db.prepare('SELECT id, name FROM raters').raw().all() as [number, string][]);
}

/**
 * The adjudicator settles the tasks of an adjudication package (every one, or those at the positions
 * `settles` picks within their kind): 3 (safety 1) on each disputed dimension, A for a preference; some marks.
 */
export function adjudicateAll(
  path: string,
  passphrase: string,
  clock: Clock = fixedClock,
  settles: (position: number) => boolean = () => true,
): void {
  const db = openStudyDatabase(path, passphrase, { kind: 'package' });
  const session = startPackageSession(db, clock);
  for (const kind of ['rating', 'preference'] as const)
    for (const [i, summary] of session.listAssignments(kind).entries()) {
      if (!settles(i)) continue;
      const task = session.getTask(summary.assignmentId);
      const first = task.adjudication![0]!.dimension;
      const marks = { [first]: { reason: i % 2 === 0 ? ('error' as const) : null, guidelineGap: i % 3 === 0 } };
      if (task.kind === 'preference')
        session.savePreference({ assignmentId: task.assignmentId, choice: 'A', comment: '', durationMs: 4000, marks });
      else
        session.saveRating({
          assignmentId: task.assignmentId,
          values: Object.fromEntries(task.adjudication!.map((d) => [d.dimension, d.dimension === 'safety' ? 1 : 3])),
          comment: '',
          durationMs: 4000,
          marks,
        });
    }
  session.lock();
  db.close();
}
