import type { DimensionKindSpec } from './dimension-kind';

/**
 * Nominal: three or more unordered categories (an error type). A mean means nothing here, so the report
 * shows how many ratings fell in each category per bin; agreement is alpha nominal and AC1.
 */
export const nominal: DimensionKindSpec = {
  name: 'Nominal',
  agreementLevel: 'nominal',
  meanReadsAs: 'distribution',
  shortcutKeys: 'digits or letters',
  minimumPoints: 3,
  comparison: { by: 'any difference' },
};
