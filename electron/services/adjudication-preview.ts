/**
 * The app's Adjudicate step before it packs: the study's disagreements per dimension at the chosen
 * thresholds (shared/adjudication/tally.ts), and why `adjudicate` would refuse to pack, in its words.
 */
import { judgeUnits, type DisputeThresholds } from '../../shared/adjudication/disagreement';
import { tallyDisputes } from '../../shared/adjudication/tally';
import type { AdjudicationPreview } from '../../shared/coordinator-api';
import { StudyError } from '../../shared/errors';
import { resolveThresholds } from '../../shared/adjudication/disagreement';
import type { StudyDb } from '../../db/connection';
import { readPlanSecret } from '../../db/plan';
import { checkedThresholds, mergedJudgements, NO_PLAN_YET, NOTHING_DISPUTED } from './adjudication';
import { readActiveRubric } from './study';

export function previewAdjudication(db: StudyDb, chosen: DisputeThresholds): AdjudicationPreview {
  const { dimensions } = readActiveRubric(db);
  let resolved: ReturnType<typeof resolveThresholds>;
  try {
    resolved = checkedThresholds(chosen);
  } catch (error) {
    if (!(error instanceof StudyError)) throw error;
    // The counts at the defaults stay on screen beside the refusal.
    const tally = tallyDisputes(dimensions, judgeUnits(dimensions, mergedJudgements(db)), resolveThresholds({}));
    return { ...tally, problem: error.message };
  }
  const tally = tallyDisputes(dimensions, judgeUnits(dimensions, mergedJudgements(db), chosen), resolved);
  const problem = readPlanSecret(db) === null ? NO_PLAN_YET : tally.disputes === 0 ? NOTHING_DISPUTED : null;
  return { ...tally, problem };
}
