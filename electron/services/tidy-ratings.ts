/**
 * The tidy ratings table as a study database holds it (db/answers.ts), with each unit's adjudication
 * provenance. Reading a tidy CSV file is tidy-ratings-csv.ts, which loads no database.
 */
import { type StudyDb } from '../../db/connection';
import type { PairOutcome, PreferenceOutcome } from '../../shared/domain';
import { assertNever } from '../../shared/kinds/assert-never';
import { readAnsweredPairwise, readAnsweredValues, readScoresOfAnsweredOutputs } from '../../db/answers';
import {
  PAIRWISE_DIMENSION,
  PAIRWISE_TIE,
  PREFERENCE_DIMENSION,
  tidyRow,
  type TidyPairwiseRow,
  type TidyRatingRow,
} from '../../shared/analysis';
import { REFERENCE_CONTROL_MODEL } from '../../shared/qc/roles';
import { provenanceKey } from '../../shared/adjudication/provenance';
import { readUnitProvenance } from './provenance';

/**
 * Every rating value and preference choice of the study as tidy rows, with each output's scores and
 * the task's quality-control role (merged back from packages: the master knows every assignment's role).
 */
export function readTidyRatingRows(db: StudyDb): TidyRatingRow[] {
  const rows = readAnsweredValues(db, PREFERENCE_DIMENSION);
  const scores = readScoresOfAnsweredOutputs(db);
  const provenance = readUnitProvenance(db);
  return rows.map((row) => {
    const { rater, item_id: itemId, duration_ms: durationMs, submitted_at: ratedAt, qc_role: qc } = row;
    // A reference control showed the item's reference, not the output it is attached to.
    const referenceControl = qc === 'reference_control';
    const model = referenceControl ? REFERENCE_CONTROL_MODEL : row.model;
    const bin = referenceControl ? null : row.bin;
    const scoresOfOutput = referenceControl ? {} : (scores.get(row.output_id) ?? {});
    // A quality-control answer checks the rater; only the study's own answers were compared.
    const unit = qc === null ? provenance.get(provenanceKey(row.output_id, null, row.dimension)) : undefined;
    const fields = {
      rater,
      itemId,
      model,
      bin,
      durationMs,
      ratedAt,
      scores: scoresOfOutput,
      qc,
      packageId: row.package_id ?? undefined,
      comment: row.comment,
      flagged: row.flagged === 1,
      provenance: unit?.provenance,
      adjudicatedValue: (unit?.adjudicatedValue ?? undefined) as number | PreferenceOutcome | undefined,
    };
    switch (row.task) {
      case 'rating':
        return tidyRow(fields, { task: 'rating', dimension: row.dimension, value: row.value });
      case 'preference':
        return tidyRow(fields, {
          task: 'preference',
          dimension: PREFERENCE_DIMENSION,
          value: row.value,
          // The tidy file records where the MODEL's answer was shown; the database stores what was in A.
          presentedPosition: row.presented_a === null ? null : row.presented_a === 'model' ? 'A' : 'B',
        });
      default:
        return assertNever(row, 'task kind');
    }
  });
}

/**
 * Every merged pairwise judgement as tidy rows, the overall choice's (`dimension = pairwise`) then one per
 * aspect the rubric asks (`dimension` = its key): the blinded letter undone with the assignment's record of
 * which output was shown at A, so `value` names the preferred model (or `tie`), and so does an adjudicated
 * final choice.
 */
export function readTidyPairwiseRows(db: StudyDb): TidyPairwiseRow[] {
  const provenance = readUnitProvenance(db);
  return readAnsweredPairwise(db, PAIRWISE_DIMENSION).map((row) => {
    const [modelA, modelB] =
      row.presented_a === 'first' ? [row.first_model, row.second_model] : [row.second_model, row.first_model];
    const unit = provenance.get(provenanceKey(row.first_output_id, row.second_output_id, row.dimension));
    const finalChoice = unit?.adjudicatedValue as PairOutcome | null | undefined;
    return {
      rater: row.rater,
      itemId: row.item_id,
      bin: row.bin,
      dimension: row.dimension,
      modelA,
      modelB,
      value: row.choice === 'T' ? PAIRWISE_TIE : row.choice === 'A' ? modelA : modelB,
      bothUnacceptable: row.both_unacceptable === 1,
      provenance: unit?.provenance,
      adjudicatedValue:
        finalChoice === null || finalChoice === undefined
          ? undefined
          : finalChoice === 'tie'
            ? PAIRWISE_TIE
            : finalChoice === 'first'
              ? row.first_model
              : row.second_model,
      durationMs: row.duration_ms,
      ratedAt: row.submitted_at,
      packageId: row.package_id,
      comment: row.comment,
      flagged: row.flagged === 1,
    };
  });
}
