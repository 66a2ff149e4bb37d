/**
 * The rubric presets, by id: `blindrate init --rubric ID` and the coordinator's New study screen offer
 * these. Apart from shared/rubric.ts (no zod here) so that the CLI's help can name them without loading
 * what a command runs with.
 */
import type { Rubric } from '../rubric';
import { CHQ_SUMM_RUBRIC } from './chq-summ';
import { MED_PALM_HARM_RUBRIC } from './med-palm-harm';
import { MEDISUMQA_RUBRIC } from './medisumqa';
import { PDSQI_9_RUBRIC } from './pdsqi-9';
import { QUEST_RUBRIC } from './quest';

export { CHQ_SUMM_RUBRIC, MEDISUMQA_RUBRIC };

export const RUBRIC_PRESETS: Record<string, Rubric> = {
  [MEDISUMQA_RUBRIC.id]: MEDISUMQA_RUBRIC,
  [CHQ_SUMM_RUBRIC.id]: CHQ_SUMM_RUBRIC,
  [MED_PALM_HARM_RUBRIC.id]: MED_PALM_HARM_RUBRIC,
  [PDSQI_9_RUBRIC.id]: PDSQI_9_RUBRIC,
  [QUEST_RUBRIC.id]: QUEST_RUBRIC,
};
