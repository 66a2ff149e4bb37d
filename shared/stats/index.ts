/** Statistics for agreement and metric–human correlation; every function is pure and deterministic. */
export { krippendorffAlpha, type MeasurementLevel } from './krippendorff';
export { pairwisePercentAgreement } from './percentAgreement';
export { weightedKappa, type KappaWeights } from './weightedKappa';
export { pearson, spearman, kendallTauB } from './correlation';
export { bootstrapPercentileInterval, type BootstrapOptions } from './bootstrap';
export { binomialTestTwoSided } from './binomialTest';
export { mean } from './mean';
export type { ReliabilityMatrix } from './reliabilityData';
