import type { DimensionKindSpec } from './dimension-kind';

/**
 * Ordinal: any number of ordered, labelled points (harm extent: none / mild or moderate / severe or death),
 * analysed like Likert (alpha ordinal, AC2, weighted kappa) on its own points.
 */
export const ordinal: DimensionKindSpec = {
  name: 'Ordinal',
  agreementLevel: 'ordinal',
  meanReadsAs: 'scale',
  shortcutKeys: 'digits',
  minimumPoints: 2,
  comparison: { by: 'scale steps', defaultThreshold: 1 },
};
