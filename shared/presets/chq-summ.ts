/** The CHQ-Summ preset; docs/rubrics.md says which wording is the paper's. */
import type { Rubric } from '../rubric';
import { DEFAULT_IDLE } from '../rubric-idle';
import { likert5 } from './points';

/** CHQ-Summ human evaluation (Table 7): three 1–5 scales. */
export const CHQ_SUMM_RUBRIC: Rubric = {
  id: 'chq-summ',
  name: 'CHQ-Summ human evaluation',
  source: 'CHQ-Summ, human evaluation (factual correctness, informativeness, fluency)',
  instructions: '',
  idle: { ...DEFAULT_IDLE },
  dimensions: [
    {
      key: 'factual_correctness',
      label: 'Factual correctness',
      description: 'All key medical entities and relations of the question are preserved accurately.',
      kind: 'likert',
      scale: likert5(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']),
    },
    {
      key: 'informativeness',
      label: 'Informativeness',
      description: 'The summary retains the overall intent and contextual meaning of the question.',
      kind: 'likert',
      scale: likert5(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']),
    },
    {
      key: 'fluency',
      label: 'Fluency',
      description: 'Grammatical, free of capitalisation errors, reads naturally (DUC fluency guidelines).',
      kind: 'likert',
      scale: likert5(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']),
    },
  ],
  preference: { allowTie: true },
};
