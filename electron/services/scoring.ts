/**
 * Automatic metrics computed in the box: ROUGE-1/2/L/Lsum F1 (shared/rouge, matching Google's
 * rouge-score) for outputs that have a reference but lack those scores. Imported scores are never
 * overwritten; everything is written in one transaction with one audit row (none when nothing changed).
 */
import { appendAudit } from '../../db/audit';
import type { StudyDb } from '../../db/connection';
import { readOutputsMissingScores } from '../../db/outputs';
import { prepareScoreInsert } from '../../db/scores';
import { isoNow, type Clock } from '../../shared/clock';
import { rougeScores, type RougeScores } from '../../shared/rouge';
import { COORDINATOR_ACTOR } from './study';

export const ROUGE_METRICS = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const satisfies ReadonlyArray<
  keyof RougeScores
>;

export interface RougeScoringOptions {
  /** Porter-stem tokens longer than 3 characters (CHQ-Summ) or not (MeDiSumQA). */
  stem: boolean;
  clock: Clock;
  actor?: string;
}

export interface RougeScoringSummary {
  /** Outputs that received at least one new score. */
  outputsScored: number;
  valuesWritten: number;
  /** Outputs still missing a ROUGE score because their item has no reference. */
  withoutReference: number;
}

export function scoreMissingRouge(db: StudyDb, options: RougeScoringOptions): RougeScoringSummary {
  const missing = readOutputsMissingScores(db, ROUGE_METRICS);
  const scorable = missing.filter((o) => o.reference.trim() !== '');
  const insertScore = prepareScoreInsert(db);
  let valuesWritten = 0;
  db.transaction(() => {
    for (const output of scorable) {
      const present = new Set(output.present);
      const scores = rougeScores(output.reference, output.text, { stem: options.stem });
      for (const metric of ROUGE_METRICS.filter((m) => !present.has(m))) {
        insertScore(output.id, metric, scores[metric].f1);
        valuesWritten += 1;
      }
    }
    if (valuesWritten === 0) return;
    appendAudit(db, {
      at: isoNow(options.clock),
      actor: options.actor ?? COORDINATOR_ACTOR,
      action: 'score.rouge',
      entity: 'output_scores',
      entityId: ROUGE_METRICS.join(','),
      newValue: { stem: options.stem, outputs: scorable.length, values: valuesWritten },
    });
  })();
  return { outputsScored: scorable.length, valuesWritten, withoutReference: missing.length - scorable.length };
}
