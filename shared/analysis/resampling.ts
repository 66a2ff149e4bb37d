import { createPrng, deriveSeed } from '../prng';
import { percentileIntervalOfResamples, resamplesOf, type ResampleStatistic } from '../stats';

/** How bootstrap intervals are drawn: B resamples (0 = no intervals) from a seed. */
export interface BootstrapSettings {
  bootstrap: number;
  seed: number;
}

/** Above this many stored multiplicities (64 MB) resamples are redrawn for each figure instead of kept. */
const MAX_KEPT_COUNTS = 16 * 1024 * 1024;

/**
 * Percentile bootstrap intervals over units (outputs), for one analysis run. A set of resamples is seeded
 * from the run's seed and the identities of the units it resamples, so:
 * - every figure computed on the same outputs uses the same resamples (a paired bootstrap: e.g. all
 *   metrics' correlations with one dimension), and they are drawn once;
 * - an interval depends only on its own outputs, never on which other figures are in the file.
 */
export class UnitBootstrap {
  private readonly kept = new Map<string, Int32Array>();
  private keptCounts = 0;

  constructor(private readonly settings: BootstrapSettings) {}

  /** The interval of `statistic` over the units named by `unitKeys` (in the statistic's unit order); null with 0 resamples or fewer than 3 units. */
  interval(unitKeys: ReadonlyArray<string>, statistic: ResampleStatistic): [number, number] | null {
    const n = unitKeys.length;
    if (this.settings.bootstrap === 0 || n < 3) return null;
    const label = unitKeys.join('\u001e');
    let counts = this.kept.get(label);
    if (!counts) {
      counts = resamplesOf(n, this.settings.bootstrap, createPrng(deriveSeed(this.settings.seed, label)));
      if (this.keptCounts + counts.length <= MAX_KEPT_COUNTS) {
        this.kept.set(label, counts);
        this.keptCounts += counts.length;
      }
    }
    return percentileIntervalOfResamples(counts, n, statistic);
  }
}
