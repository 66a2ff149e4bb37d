/** Statistics for agreement and metric–human correlation; every function is pure and deterministic. */
export { krippendorffAlpha, krippendorffAlphaResampler, type MeasurementLevel } from './krippendorff';
export { pairwisePercentAgreement } from './percentAgreement';
export {
  meanWeightedKappaResampler,
  weightedKappa,
  weightedKappaResampler,
  type KappaPair,
  type KappaWeights,
} from './weightedKappa';
export { pearson, spearman, spearmanResampler, kendallTauB } from './correlation';
export { RankCache } from './rankCache';
export { CorrelationResamples, type CorrelationKind } from './correlationResamples';
export { spearmanLeaveOneOut } from './spearmanJackknife';
export {
  bcaIntervalOfResamples,
  bootstrapPercentileInterval,
  percentileIntervalOfResamples,
  percentileIntervalOfValues,
  bcaIntervalOfValues,
  definedOrNaN,
  drawResample,
  jackknifeAcceleration,
  accelerationOfLeaveOneOut,
  leaveOneOutValues,
  resampledValues,
  resamplesOf,
  skipResamples,
  type BootstrapMethod,
  type BootstrapOptions,
  type ResampleStatistic,
} from './bootstrap';
export { binomialTestTwoSided } from './binomialTest';
export { mean } from './mean';
export { intraclassCorrelations, type IccEstimate, type IntraclassCorrelations } from './icc';
export { gwetAgreement, type GwetAgreement, type GwetWeights } from './gwet';
export { wilsonInterval } from './wilson';
export { meanWithTInterval, quartiles, sampleSd } from './describe';
export type { ReliabilityMatrix } from './reliabilityData';
export {
  beatProbability,
  bradleyTerry,
  bradleyTerryBootstrap,
  bradleyTerryIntervalsOfResamples,
  bradleyTerryFigureOnResample,
  BradleyTerryRefits,
  type BradleyTerryFigure,
  type BradleyTerryComponent,
  type BradleyTerryFit,
  type BradleyTerryInterval,
  type PairwiseJudgement,
} from './bradleyTerry';
export {
  averageRanks,
  pearsonResampler,
  swapPermutationTest,
  williamsTest,
  type SwapPermutationOptions,
  type WilliamsTest,
} from './correlationDifference';
