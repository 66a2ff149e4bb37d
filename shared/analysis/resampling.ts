import { createPrng, deriveSeed } from '../prng';
import { bootstrapPercentileInterval, type ResampleStatistic } from '../stats';

/** How bootstrap intervals are drawn: B resamples (0 = no intervals) from a seed. */
export interface BootstrapSettings {
  bootstrap: number;
  seed: number;
}

/**
 * The percentile bootstrap interval of one figure of the analysis. Its stream is seeded from the run's
 * seed and the figure's label (e.g. metric, dimension and model), so an interval does not change when
 * other figures are added to the file. Null when no resamples were asked for.
 */
export function labelledBootstrapInterval(
  n: number,
  statistic: ResampleStatistic,
  settings: BootstrapSettings,
  label: ReadonlyArray<string>,
): [number, number] | null {
  if (settings.bootstrap === 0) return null;
  return bootstrapPercentileInterval(n, statistic, {
    resamples: settings.bootstrap,
    prng: createPrng(deriveSeed(settings.seed, label.join('\u001f'))),
  });
}
