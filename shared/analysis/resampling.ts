import { createPrng, deriveSeed, PRNG_STATE_LENGTH, type SeededPrng } from '../prng';
import {
  bcaIntervalOfValues,
  accelerationOfLeaveOneOut,
  bradleyTerryFigureOnResample,
  BradleyTerryRefits,
  type BradleyTerryFigure,
  type PairwiseJudgement,
  krippendorffAlphaResampler,
  leaveOneOutValues,
  meanWeightedKappaResampler,
  pearsonResampler,
  percentileIntervalOfValues,
  CorrelationResamples,
  definedOrNaN,
  drawResample,
  skipResamples,
  spearmanResampler,
  weightedKappaResampler,
  type KappaPair,
  type KappaWeights,
  type MeasurementLevel,
  type ReliabilityMatrix,
  type ResampleStatistic,
} from '../stats';

/** How bootstrap intervals are drawn: B resamples (0 = no intervals) from a seed. */
export interface BootstrapSettings {
  bootstrap: number;
  seed: number;
}

/**
 * A statistic to resample, as plain data (its inputs in the order of its units), so that a worker thread
 * can be given it: resampledStatistic turns it into the function that computes it on a resample.
 */
export type ResampledStatistic =
  | { kind: 'spearman'; x: number[]; y: number[] }
  | { kind: 'pearson'; x: number[]; y: number[] }
  | { kind: 'krippendorff-alpha'; matrix: ReliabilityMatrix; level: MeasurementLevel }
  | { kind: 'weighted-kappa'; a: number[]; b: number[]; categories: ReadonlyArray<number>; weights: KappaWeights }
  | { kind: 'mean-weighted-kappa'; pairs: KappaPair[]; categories: ReadonlyArray<number>; weights: KappaWeights }
  | {
      kind: 'bradley-terry';
      modelCount: number;
      /** Units are indices into the request's units (items). */
      judgements: PairwiseJudgement[];
      /** One component of the design, estimable on all the units; the figures of one component share this array. */
      models: number[];
      figure: BradleyTerryFigure;
    };

/** One bootstrap interval the analysis needs: `statistic` over the units named by `units`, in its unit order. */
export interface IntervalRequest {
  units: ReadonlyArray<string>;
  statistic: ResampledStatistic;
}

/**
 * How an interval is formed from the statistic's values on the resamples: percentile, or BCa, which also
 * needs the statistic's value on all the units (`estimate`) and its leave-one-out values (computed in the
 * thread that fills the intervals in: n values, against B resamples). `leaveOneOut`, when the figure has
 * one, is its statistic's exact shortcut to them (the same values to the last bit, or null where it does not
 * apply), built from what the figure computed already; otherwise the n samples are computed one by one.
 */
export type IntervalMethod =
  { method: 'percentile' } | { method: 'bca'; estimate: number; leaveOneOut?: () => Float64Array | null };

/**
 * The function computing `spec` on a resample. Bradley–Terry figures made with the same `refits` share
 * their component's refit on a resample (the caller clears `refits` before each new resample); without
 * `refits`, each figure refits on its own.
 */
export function resampledStatistic(spec: ResampledStatistic, refits?: BradleyTerryRefits): ResampleStatistic {
  switch (spec.kind) {
    case 'spearman':
      return spearmanResampler(spec.x, spec.y);
    case 'pearson':
      return pearsonResampler(spec.x, spec.y);
    case 'krippendorff-alpha':
      return krippendorffAlphaResampler(spec.matrix, spec.level).statistic;
    case 'weighted-kappa':
      return weightedKappaResampler(spec.a, spec.b, spec.categories, spec.weights);
    case 'mean-weighted-kappa':
      return meanWeightedKappaResampler(spec.pairs, spec.categories, spec.weights);
    case 'bradley-terry':
      return (counts, offset) => bradleyTerryFigureOnResample(spec, spec.figure, counts, offset, refits);
  }
}

/**
 * Bootstrap intervals over units (outputs), for one analysis run. The analysis asks for each
 * interval while it builds its result (`interval`), and the intervals are filled in at the end
 * (`complete`), once the statistics of every resample are known: so the resamples, the bulk of the work,
 * can be computed in several threads (resampleStatistics over ranges of resamples).
 *
 * A set of resamples is seeded from the run's seed and the identities of the units it resamples, and
 * drawn resample after resample from that one stream, so:
 * - every figure computed on the same outputs uses the same resamples (a paired bootstrap: e.g. all
 *   metrics' correlations with one dimension), and they are drawn once;
 * - an interval depends only on its own outputs, never on which other figures are in the file, nor on
 *   how the resamples were shared out between threads.
 */
export class UnitBootstrap {
  readonly requests: IntervalRequest[] = [];
  /** Who receives each request's values on complete: several, when one statistic is asked for under one name. */
  private readonly users: Array<Array<(values: Float64Array) => void>> = [];
  private readonly named = new Map<string, number>();
  private readonly afterwards: Array<() => void> = [];
  private readonly pendingWork: Array<() => void> = [];
  /** The first list of each set of units asked for, by its label: requests on one set share one list. */
  private readonly unitLists = new Map<string, ReadonlyArray<string>>();
  /** Each list of units' label, by the list: figures on the same outputs mostly ask with the same list. */
  private readonly labels = new WeakMap<ReadonlyArray<string>, string>();
  /** Requests before this one have been handed over (handOver). */
  private handedOver = 0;

  /**
   * `takeRequests`, when given, receives the requests in batches, as handOver passes them on while the
   * analysis is still being drafted: other threads can start on their resamples meanwhile.
   */
  constructor(
    readonly settings: BootstrapSettings,
    private readonly takeRequests?: (requests: IntervalRequest[]) => void,
  ) {}

  /**
   * Passes the requests asked for since the last hand-over to `takeRequests` (nothing without it): the
   * analysis calls it after each part of its draft, so that the resamples of the first parts are computed
   * elsewhere while it drafts the next ones.
   */
  handOver(): void {
    if (this.takeRequests === undefined || this.handedOver === this.requests.length) return;
    const batch = this.requests.slice(this.handedOver);
    this.handedOver = this.requests.length;
    this.takeRequests(batch);
  }

  /**
   * Asks for the interval of `statistic` over the units named by `units`, formed by `method`; `fill`
   * receives it on `complete` (null when fewer than half of the resamples gave a value, or BCa has no
   * bias correction). With 0 resamples or fewer than 3 units there is none, and `fill` receives null at once.
   */
  interval(
    units: ReadonlyArray<string>,
    statistic: ResampledStatistic,
    fill: (interval: [number, number] | null) => void,
    method: IntervalMethod = { method: 'percentile' },
    name?: string,
  ): void {
    let acceleration: number | undefined;
    const accelerated = (): number =>
      (acceleration ??= accelerationOfLeaveOneOut(
        (method.method === 'bca' ? method.leaveOneOut?.() : null) ??
          leaveOneOutValues(units.length, resampledStatistic(statistic)),
      ));
    if (method.method === 'bca' && this.settings.bootstrap > 0 && units.length >= 3) this.alongside(accelerated);
    this.resampled(
      units,
      statistic,
      (values) =>
        fill(
          values === null
            ? null
            : method.method === 'percentile'
              ? percentileIntervalOfValues(values)
              : bcaIntervalOfValues(values, method.estimate, accelerated()),
        ),
      name,
    );
  }

  /**
   * Has `work` done before the intervals are filled in, in the thread that fills them: work that needs no
   * resamples (the BCa accelerations, figures computed apart from the intervals), so that this thread
   * can do it while others compute resamples (computeAlongside).
   */
  alongside(work: () => void): void {
    this.pendingWork.push(work);
  }

  /** Does the work asked for with `alongside` (before `complete`, which does what is then left). */
  computeAlongside(): void {
    for (const work of this.pendingWork.splice(0)) work();
  }

  /**
   * Asks for the values of `statistic` on every resample of the units named by `units` (NaN where it is
   * undefined), for a figure formed from several statistics on the same resamples; `use` receives them on
   * `complete`, or null at once when there are none (as `interval`). Statistics asked for under the same
   * `name` on the same units are computed once: the name must then stand for the statistic's inputs.
   */
  resampled(
    units: ReadonlyArray<string>,
    statistic: ResampledStatistic,
    use: (values: Float64Array | null) => void,
    name?: string,
  ): void {
    if (this.settings.bootstrap === 0 || units.length < 3) {
      use(null);
      return;
    }
    let label = this.labels.get(units);
    if (label === undefined) this.labels.set(units, (label = units.join('\u001e')));
    const key = name === undefined ? undefined : `${name}\u001d${label}`;
    const known = key === undefined ? undefined : this.named.get(key);
    if (known !== undefined) {
      this.users[known]!.push(use);
      return;
    }
    if (key !== undefined) this.named.set(key, this.requests.length);
    this.requests.push({ units: this.sameUnits(label, units), statistic });
    this.users.push([use]);
  }

  /**
   * The list of units already asked for under `label`, or `units`: so that a batch of requests handed to
   * another thread copies each set of units once (a structured clone copies an object once per message,
   * however often it is referred to), not once per statistic on it.
   */
  private sameUnits(label: string, units: ReadonlyArray<string>): ReadonlyArray<string> {
    const known = this.unitLists.get(label);
    if (known !== undefined) return known;
    this.unitLists.set(label, units);
    return units;
  }

  /**
   * Fills every requested interval from its statistic on each resample, 0 … B−1 in order (NaN where the
   * statistic is undefined), as resampleStatistics(settings, requests, 0, B) computes them.
   */
  complete(values: ReadonlyArray<Float64Array>): void {
    this.computeAlongside();
    if (values.length !== this.requests.length)
      throw new RangeError(`${this.requests.length} intervals were asked for, got values for ${values.length}`);
    values.forEach((ofRequest, index) => {
      if (ofRequest.length !== this.settings.bootstrap)
        throw new RangeError(
          `Interval ${index} has ${ofRequest.length} resample values, not ${this.settings.bootstrap}`,
        );
      for (const use of this.users[index]!) use(ofRequest);
    });
    for (const then of this.afterwards) then();
  }

  /** Runs `then` on `complete`, once every interval is filled in: for figures read from the intervals. */
  whenComplete(then: () => void): void {
    this.afterwards.push(then);
  }

  /** Computes every resample here, in this thread, and fills the intervals. */
  completeHere(): void {
    this.complete(resampleStatistics(this.settings, this.requests, 0, this.settings.bootstrap));
  }
}

/**
 * The statistic of each request on resamples `from` … `to`−1 of its units (NaN where it is undefined or
 * not finite): the share of the bootstrap one thread computes. Resample b of a set of units is the same
 * whichever range it is computed in: the stream is drawn from its start, and the indices of resamples
 * before `from` are drawn and dropped. Requests on the same units share their resamples.
 */
export function resampleStatistics(
  settings: BootstrapSettings,
  requests: ReadonlyArray<IntervalRequest>,
  from: number,
  to: number,
): Float64Array[] {
  checkResampleRange(settings, from, to);
  const values = requests.map(() => new Float64Array(to - from));
  new ResampleCursor(settings, requests).compute(from, to, values, from);
  return values;
}

function checkResampleRange(settings: BootstrapSettings, from: number, to: number): void {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to > settings.bootstrap)
    throw new RangeError(`Resamples ${from}–${to} are not a range of 0–${settings.bootstrap}`);
}

/**
 * Computes the requests' resamples range after range, each range after the last: a thread that takes
 * ranges of one bootstrap in turn (while other threads take the ranges between) keeps one cursor, so each
 * set of units' stream is drawn once from its start, the resamples between its ranges drawn and dropped.
 */
export class ResampleCursor {
  private readonly groups: ResampledGroup[];
  /** Resamples before this one are behind every group's stream. */
  private next = 0;

  /** Most integers writeStreams writes for these requests: their sets of units are at most one per request. */
  static streamsLength(requests: ReadonlyArray<IntervalRequest>): number {
    return requests.length * PRNG_STATE_LENGTH;
  }

  constructor(
    private readonly settings: BootstrapSettings,
    requests: ReadonlyArray<IntervalRequest>,
  ) {
    this.groups = groupByUnits(requests).map(
      ({ units, label, members }) => new ResampledGroup(settings, requests, units, label, members),
    );
  }

  /**
   * Writes each request's statistic on resamples `from` … `to`−1 into values[request][b − offset], for
   * b in that range; `from` must not be before the end of the previous range.
   */
  compute(from: number, to: number, values: ReadonlyArray<Float64Array>, offset = 0): void {
    checkResampleRange(this.settings, from, to);
    if (from < this.next)
      throw new RangeError(`Resamples from ${from} are behind this cursor, at ${this.next} already`);
    for (const group of this.groups) {
      skipResamples(group.n, from - this.next, group.prng);
      group.compute(to - from, values, from - offset);
    }
    this.next = to;
  }

  /** The first resample not yet behind this cursor (the end of the last range it computed or resumed at). */
  get position(): number {
    return this.next;
  }

  /** Writes where every set of units' stream stands (at resample `position`) into out[offset …]. */
  writeStreams(out: Int32Array, offset: number): void {
    this.groups.forEach((group, g) => group.prng.writeState(out, offset + g * PRNG_STATE_LENGTH));
  }

  /**
   * Moves every stream to resample `position`, from what writeStreams wrote for a cursor on the same
   * settings and requests that stood there: the resamples between need not be drawn and dropped.
   */
  resumeAt(position: number, streams: Int32Array, offset: number): void {
    checkResampleRange(this.settings, position, position);
    if (position < this.next)
      throw new RangeError(`Resample ${position} is behind this cursor, at ${this.next} already`);
    this.groups.forEach((group, g) => group.prng.readState(streams, offset + g * PRNG_STATE_LENGTH));
    this.next = position;
  }
}

/** The requests on one set of units, with its stream and what its statistics share on each resample. */
class ResampledGroup {
  readonly n: number;
  readonly prng: SeededPrng;
  // Correlations on the same units share their variables' work on each resample; the others are computed alone.
  private readonly correlations: CorrelationResamples;
  private readonly correlated: number[] = [];
  private readonly correlationValues: Float64Array;
  private readonly alone: Array<{ request: number; statistic: ResampleStatistic }> = [];
  // Bradley–Terry figures of one component share its refit on each resample.
  private readonly refits = new BradleyTerryRefits();
  private readonly counts: Int32Array;
  private readonly indices: Int32Array;

  constructor(
    settings: BootstrapSettings,
    requests: ReadonlyArray<IntervalRequest>,
    units: ReadonlyArray<string>,
    /** The units joined, which names their stream. */
    label: string,
    members: ReadonlyArray<number>,
  ) {
    this.n = units.length;
    this.correlations = new CorrelationResamples(this.n);
    for (const request of members) {
      const spec = requests[request]!.statistic;
      if (spec.kind === 'spearman' || spec.kind === 'pearson') {
        this.correlations.add(spec.kind, spec.x, spec.y);
        this.correlated.push(request);
      } else this.alone.push({ request, statistic: resampledStatistic(spec, this.refits) });
    }
    this.correlationValues = new Float64Array(this.correlated.length);
    this.prng = createPrng(deriveSeed(settings.seed, label));
    this.counts = new Int32Array(this.n);
    this.indices = new Int32Array(this.n);
  }

  /** The next `resamples` resamples of the stream, each statistic's value at values[request][at + b]. */
  compute(resamples: number, values: ReadonlyArray<Float64Array>, at: number): void {
    const { counts, correlationValues } = this;
    for (let b = 0; b < resamples; b++) {
      drawResample(this.n, this.prng, this.indices, counts);
      this.refits.clear();
      this.correlations.evaluate(counts, 0, correlationValues);
      this.correlated.forEach((request, c) => (values[request]![at + b] = definedOrNaN(correlationValues[c]!)));
      for (const { request, statistic } of this.alone) values[request]![at + b] = definedOrNaN(statistic(counts, 0));
    }
  }
}

/** Requests grouped by their exact list of units, in the order each list first appears. */
function groupByUnits(
  requests: ReadonlyArray<IntervalRequest>,
): Array<{ units: ReadonlyArray<string>; label: string; members: number[] }> {
  const groups = new Map<string, { units: ReadonlyArray<string>; label: string; members: number[] }>();
  // Requests on one set of units usually share its list (UnitBootstrap): each list is joined once.
  const labels = new Map<ReadonlyArray<string>, string>();
  requests.forEach((request, index) => {
    let label = labels.get(request.units);
    if (label === undefined) labels.set(request.units, (label = request.units.join('\u001e')));
    const group = groups.get(label) ?? { units: request.units, label, members: [] };
    groups.set(label, group);
    group.members.push(index);
  });
  return [...groups.values()];
}
