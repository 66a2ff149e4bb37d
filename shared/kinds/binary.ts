import type { DimensionKindSpec } from './dimension-kind';

/** Binary: two nominal categories valued 0 and 1 (e.g. unsafe/safe). */
export const binary: DimensionKindSpec = {
  name: 'Binary',
  agreementLevel: 'nominal',
  meanReadsAs: 'share of 1',
  shortcutKeys: 'digits or letters',
  minimumPoints: 2,
  comparison: { by: 'any difference' },
};
