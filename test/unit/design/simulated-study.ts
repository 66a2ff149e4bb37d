/** Test helpers: plan assumptions of a realistic size, and a simulated study as the tidy rows the analysis reads. */
import { tidyRow, type TidyRatingRow } from '../../../shared/analysis';
import type { PlanAssumptions, SimulatedStudy } from '../../../shared/design/simulate';
import { createPrng } from '../../../shared/prng';

/** Two models × 5 bins of 60 metric values each (bin b holds values in [b − 1, b)), one 5-point dimension. */
export function twoModelAssumptions(options: { metricRho?: number; icc?: [number, number] } = {}): PlanAssumptions {
  const prng = createPrng(11);
  const bins = () => Array.from({ length: 5 }, (_, b) => Array.from({ length: 60 }, () => b + prng.nextFloat()));
  const [iccAbsolute, iccConsistency] = options.icc ?? [0.5, 0.6];
  return {
    models: [
      { model: 'atlas', bins: bins(), preference: Array(5).fill({ model: 0.55, reference: 0.35, tie: 0.1 }) },
      { model: 'borealis', bins: bins(), preference: Array(5).fill({ model: 0.3, reference: 0.6, tie: 0.1 }) },
    ],
    dimensions: [
      {
        key: 'factuality',
        valueShares: [0.1, 0.2, 0.3, 0.25, 0.15],
        iccAbsolute,
        iccConsistency,
        metricRho: options.metricRho ?? 0.5,
      },
    ],
    secondsPerRating: 90,
    secondsPerPreference: 40,
  };
}

/** The study's ratings as tidy rows: rater r<j>, item i<o>, the metric as score_metric, values 1..K. */
export function tidyRowsOf(study: SimulatedStudy, assumptions: PlanAssumptions): TidyRatingRow[] {
  const rows: TidyRatingRow[] = [];
  study.values.forEach((values, d) => {
    for (let slot = 0; slot < values.length; slot++) {
      const o = Math.floor(slot / study.overlap);
      rows.push(
        tidyRow(
          {
            rater: `r${study.rater[slot]}`,
            itemId: `i${o}`,
            model: assumptions.models[study.model[o]!]!.model,
            bin: study.bin[o]!,
            durationMs: null,
            ratedAt: '',
            scores: { metric: study.metric[o]! },
            qc: null,
          },
          { task: 'rating', dimension: assumptions.dimensions[d]!.key, value: values[slot]! + 1 },
        ),
      );
    }
  });
  return rows;
}
