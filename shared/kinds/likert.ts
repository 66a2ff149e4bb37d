import type { DimensionKindSpec } from './dimension-kind';

/** Likert: an ordered scale (1–5), analysed as ordinal. */
export const likert: DimensionKindSpec = {
  name: 'Likert',
  agreementLevel: 'ordinal',
  meanReadsAs: 'scale',
  shortcutKeys: 'digits',
  minimumPoints: 2,
  comparison: { by: 'scale steps', defaultThreshold: 2 },
};
