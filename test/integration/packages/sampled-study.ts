/**
 * A study made the way a coordinator makes one: imported from a file, sampled with `drawSample`, planned with
 * `assignRaters`, packed with `packRaterPackage`. 3 models × 60 questions; a rating sample of 4 bins × 4 per
 * model (48 tasks) and a disjoint preference sample of 2 bins × 8 per model (48 pairs, several of one question).
 * What the blinding tests read of the master's plan, behind the blinding, is here too.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudyDb } from '../../../db/connection';
import { importFiles } from '../../../electron/services/importer';
import { packRaterPackage } from '../../../electron/services/pack';
import { drawSample } from '../../../electron/services/sampler';
import { fixedClock, freshStudy } from '../engine/helpers';
import { packagePassphraseOf, PASSPHRASE } from '../session/fixture';

export const RATERS = ['Dr Ada', 'Dr Bob'];
/** The plan seed of the README's example. */
export const PLAN_SEED = 3;
const MODELS = ['orca-7b', 'lynx-13b', 'heron-70b'];
const QUESTIONS = 60;

/** Distinct per output and spread over [0, 1): a model's scores are not in question order. */
function scoreOf(question: number, model: number): number {
  return ((question * 37 + model * 11) % 97) / 97 + model / 1000 + question / 1e6;
}

export async function sampledStudy(): Promise<{ db: StudyDb; folder: string }> {
  const study = freshStudy();
  const lines = [];
  for (let q = 0; q < QUESTIONS; q++)
    for (const [m, model] of MODELS.entries())
      lines.push(
        JSON.stringify({
          item_id: `q${q}`,
          question: `Question ${q}: what does my discharge letter mean?`,
          reference: `Reference answer to question ${q}.`,
          model,
          output: `Answer ${m} to question ${q}.`,
          scores: { rouge1: scoreOf(q, m) },
        }),
      );
  const file = join(study.folder, 'outputs.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  await importFiles(study.db, [file], { clock: fixedClock });
  const sample = { metrics: ['rouge1'], disjoint: true };
  drawSample(study.db, { ...sample, task: 'rating', bins: 4, perBin: 4, seed: 1 }, fixedClock);
  drawSample(study.db, { ...sample, task: 'preference', bins: 2, perBin: 8, seed: 2 }, fixedClock);
  return study;
}

export function packFile(db: StudyDb, folder: string, rater: string, name = rater): string {
  const out = join(folder, `${name.replace(/\W+/g, '-')}.blindrate`);
  // Each rater's own passphrase (packagePassphraseOf), as pack requires.
  packRaterPackage(db, {
    rater,
    out,
    passphrase: packagePassphraseOf(rater),
    masterPassphrase: PASSPHRASE,
    clock: fixedClock,
  });
  return out;
}

export interface PlannedTask {
  position: number;
  kind: 'rating' | 'preference';
  qcRole: string | null;
  firstShowing: string | null;
  id: string;
  presentedA: 'model' | 'reference' | null;
  /** The task's place among the sample's tasks of its kind in (model, bin, average score) order, from 0. */
  rank: number;
}

/** One rater's assignments in package order, each with its master rank. */
export function plannedTasks(db: StudyDb, rater: string): PlannedTask[] {
  return db
    .prepare(
      `WITH ranked AS (
         SELECT t.id, s.task AS kind,
                row_number() OVER (PARTITION BY s.task ORDER BY o.model, t.bin, t.avg_score, o.id) - 1 AS rank
         FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id)
       SELECT a.position, ranked.kind, a.qc_role AS qcRole, a.first_showing AS firstShowing, a.id,
              a.presented_a AS presentedA, ranked.rank
       FROM assignments a JOIN raters r ON r.id = a.rater_id JOIN ranked ON ranked.id = a.task_id
       WHERE r.name = ? ORDER BY a.position`,
    )
    .all(rater) as PlannedTask[];
}

/** Kendall's τ-a of two equally long lists without ties. */
export function kendallTau(x: readonly number[], y: readonly number[]): number {
  let concordant = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) concordant += Math.sign(x[i]! - x[j]!) * Math.sign(y[i]! - y[j]!);
  return concordant / ((x.length * (x.length - 1)) / 2);
}

/** τ's variance for n untied pairs under independence: 2(2n + 5) / (9n(n − 1)). */
export function nullTauVariance(n: number): number {
  return (2 * (2 * n + 5)) / (9 * n * (n - 1));
}
