/**
 * Why the raters disagreed, as the adjudicator tags it (issue 24's small taxonomy). The slugs are stored
 * (the master's CHECK in db/migrations/0011_adjudication.ts lists them) and exported; the labels are shown.
 */
export const ADJUDICATION_REASONS = {
  misread_answer: 'Misread answer',
  rubric_ambiguity: 'Rubric ambiguity',
  clinical_disagreement: 'Genuine clinical disagreement',
  error: 'Error',
} as const;

export type AdjudicationReason = keyof typeof ADJUDICATION_REASONS;
export const ADJUDICATION_REASON_SLUGS = Object.keys(ADJUDICATION_REASONS) as AdjudicationReason[];
