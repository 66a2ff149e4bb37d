import {
  binomialTestTwoSided,
  bradleyTerry,
  gwetAgreement,
  krippendorffAlpha,
  wilsonInterval,
  type BradleyTerryFigure,
  type BradleyTerryFit,
  type PairwiseJudgement,
} from '../stats';
import { OVERALL_PAIRWISE_DIMENSION } from '../kinds/pairwise';
import type { Provenance } from '../adjudication/provenance';
import { pairwiseRowsForModelFigures, type FinalValues } from './final-values';
import { AnalysisInputError } from './errors';
import type { UnitBootstrap } from './resampling';
import { compareStrings } from './tidy';

/** The overall choice of a pairwise task; a rubric dimension's choice carries the dimension's key instead. */
export const PAIRWISE_DIMENSION = OVERALL_PAIRWISE_DIMENSION;
export const PAIRWISE_TIE = 'tie';

/**
 * One pairwise judgement as the tidy file holds it: the models shown at A and B and the preferred model's
 * name (or `tie`). `bothUnacceptable` is the rater's separate "both unacceptable" mark.
 */
export interface PairwiseJudgementRow {
  rater: string;
  itemId: string;
  bin: number | null;
  dimension: string;
  modelA: string;
  modelB: string;
  value: string;
  bothUnacceptable: boolean;
  /** Where the final choice of this pair and dimension comes from (as a rating row's); absent when not compared. */
  provenance?: Provenance;
  /** The adjudicator's final choice, a model's name or `tie`; given exactly when provenance is adjudicated. */
  adjudicatedValue?: string;
}

export interface BradleyTerryStrength {
  model: string;
  /** Natural-log strength, summing to zero over the models of its component; null when not estimable. */
  logStrength: number | null;
  /** 95 % percentile bootstrap interval over items; null without resamples or when not estimable. */
  low: number | null;
  high: number | null;
  /** Index into `components`: strengths of different components are not on one scale. */
  component: number;
}

export interface PairwiseComponent {
  models: string[];
  /** False when a group of its models won every comparison with the rest: the MLE is then infinite. */
  estimable: boolean;
}

/**
 * The judgements of one pair of models, seen from `model` (alphabetically first) against `opponent`: every
 * pair judged, and every pair of one estimable component (P(beats) exists even without a direct comparison).
 */
export interface PairwiseRecord {
  model: string;
  opponent: string;
  wins: number;
  ties: number;
  losses: number;
  /** wins / (wins + losses): ties left out; null without a decisive judgement. */
  winRate: number | null;
  winRateCi95: [number, number] | null;
  /** P(model beats opponent) from the Bradley–Terry fit, with its bootstrap interval; null where not estimable. */
  beats: number | null;
  beatsCi95: [number, number] | null;
}

export interface BothUnacceptableShare {
  model: string;
  judgements: number;
  marked: number;
  share: number;
  /** Wilson 95 % interval of the share. */
  shareCi95: [number, number] | null;
}

export interface CircularTriads {
  rater: string;
  /** Triads of models whose three pairs the rater decided (majority of their judgements, ties undecided). */
  triads: number;
  /** Of those, the ones where the rater's preferences go round (i over j, j over k, k over i). */
  circular: number;
  share: number | null;
}

export interface PairwiseSummary {
  dimension: string;
  /** null: all bins together. */
  bin: number | null;
  judgements: number;
  items: number;
  models: string[];
  bradleyTerry: BradleyTerryStrength[];
  components: PairwiseComponent[];
  pairs: PairwiseRecord[];
  /** Among decisive judgements, how often the answer shown at A was preferred (exact two-sided binomial vs ½). */
  positionBias: { chosenA: number; decisive: number; share: number | null; pValue: number | null };
  /** Per model: of the judgements it took part in, how many the rater marked "both unacceptable". */
  bothUnacceptable: BothUnacceptableShare[];
  /**
   * Agreement between raters who judged the same pair of models on the same item (the unit), over the
   * three outcomes (first model, second model, tie) as nominal categories: Krippendorff's α and Gwet's AC1.
   */
  agreement: { units: number; alphaNominal: number | null; ac1: number | null };
  circularTriads: CircularTriads[];
}

/**
 * Bradley–Terry strengths and the pairwise tables, per dimension (the overall choice first, then the
 * rubric dimensions by key), each over all bins and then per bin. Every judgement of every rater counts
 * once. The bootstrap intervals are asked for on `bootstrap` (filled in when it completes, in this thread
 * or several): they resample items (all judgements of an item together), seeded from the run's seed and
 * the items resampled, as every other interval of the analysis.
 */
export function analyzePairwise(
  rows: ReadonlyArray<PairwiseJudgementRow>,
  bootstrap: UnitBootstrap,
  finalValues: FinalValues = 'raters_mean',
): PairwiseSummary[] {
  const dimensions = [...new Set(rows.map((row) => row.dimension))].sort(
    (a, b) => Number(b === PAIRWISE_DIMENSION) - Number(a === PAIRWISE_DIMENSION) || compareStrings(a, b),
  );
  return dimensions.flatMap((dimension) => {
    const ofDimension = rows.filter((row) => row.dimension === dimension);
    const bins = [...new Set(ofDimension.flatMap((row) => (row.bin === null ? [] : [row.bin])))].sort((a, b) => a - b);
    return [
      summarise(dimension, null, ofDimension, bootstrap, finalValues),
      ...bins.map((bin) =>
        summarise(
          dimension,
          bin,
          ofDimension.filter((row) => row.bin === bin),
          bootstrap,
          finalValues,
        ),
      ),
    ];
  });
}

/** The model figures read `finalValues` (shared/analysis/final-values.ts); what describes the raters reads their own choices. */
function summarise(
  dimension: string,
  bin: number | null,
  rows: ReadonlyArray<PairwiseJudgementRow>,
  bootstrap: UnitBootstrap,
  finalValues: FinalValues,
): PairwiseSummary {
  const finalRows = pairwiseRowsForModelFigures(rows, finalValues);
  const models = [...new Set(rows.flatMap((row) => [row.modelA, row.modelB]))].sort(compareStrings);
  const modelIndex = new Map(models.map((model, index) => [model, index]));
  const items = [...new Set(rows.map((row) => row.itemId))].sort(compareStrings);
  const itemIndex = new Map(items.map((item, index) => [item, index]));
  const judgements: PairwiseJudgement[] = finalRows.map((row) => ({
    unit: itemIndex.get(row.itemId)!,
    a: modelIndex.get(row.modelA)!,
    b: modelIndex.get(row.modelB)!,
    scoreA: scoreOfA(row),
  }));
  const fit = bradleyTerry(models.length, judgements);
  const componentOf = new Map(fit.components.flatMap(({ models: members }, c) => members.map((m) => [m, c])));
  const strengths: BradleyTerryStrength[] = models.map((model, i) => ({
    model,
    logStrength: fit.logStrengths[i]!,
    low: null,
    high: null,
    component: componentOf.get(i)!,
  }));
  const pairs = pairRecords(models, finalRows, (i, j) => {
    const sameComponent = fit.logStrengths[i] != null && componentOf.get(i) === componentOf.get(j);
    return {
      beats: sameComponent ? 1 / (1 + Math.exp(fit.logStrengths[j]! - fit.logStrengths[i]!)) : null,
      beatsCi95: null,
    };
  });
  askForIntervals(bootstrap, { items, judgements, modelCount: models.length, fit }, strengths, (i, j) =>
    pairs.find((pair) => pair.model === models[i] && pair.opponent === models[j]),
  );
  const decisive = rows.filter((row) => row.value !== PAIRWISE_TIE);
  const chosenA = decisive.filter((row) => row.value === row.modelA).length;
  return {
    dimension,
    bin,
    judgements: rows.length,
    items: items.length,
    models,
    bradleyTerry: strengths,
    components: fit.components.map((component) => ({
      models: component.models.map((i) => models[i]!),
      estimable: component.estimable,
    })),
    pairs,
    positionBias: {
      chosenA,
      decisive: decisive.length,
      share: decisive.length === 0 ? null : chosenA / decisive.length,
      pValue: binomialTestTwoSided(chosenA, decisive.length),
    },
    bothUnacceptable: bothUnacceptableShares(models, rows),
    agreement: samePairAgreement(rows),
    circularTriads: circularTriads(models, rows),
  };
}

/**
 * Asks `bootstrap` for the percentile interval of each strength and of each pair's P(beats), component by
 * component of the full design (none for a component that is not estimable). All figures of a component
 * come from one refit per resample (BradleyTerryRefits, through the shared `models` array); a resample on
 * which the component is not estimable (a pair lost all its comparisons, a model now wins them all) gives
 * no value, and an interval needs values from at least half the resamples.
 */
function askForIntervals(
  bootstrap: UnitBootstrap,
  design: { items: string[]; judgements: PairwiseJudgement[]; modelCount: number; fit: BradleyTerryFit },
  strengths: BradleyTerryStrength[],
  pairOf: (i: number, j: number) => PairwiseRecord | undefined,
): void {
  const { items, judgements, modelCount, fit } = design;
  for (const { models, estimable } of fit.components) {
    if (!estimable) continue;
    const statistic = (figure: BradleyTerryFigure) =>
      ({ kind: 'bradley-terry', modelCount, judgements, models, figure }) as const;
    models.forEach((i, k) => {
      bootstrap.interval(items, statistic({ strength: k }), (interval) => {
        strengths[i]!.low = interval?.[0] ?? null;
        strengths[i]!.high = interval?.[1] ?? null;
      });
      models.forEach((j, l) => {
        const pair = l > k ? pairOf(i, j) : undefined;
        if (pair) bootstrap.interval(items, statistic({ beats: [k, l] }), (interval) => (pair.beatsCi95 = interval));
      });
    });
  }
}

/** Per model, the share of its judgements marked "both unacceptable", with a Wilson interval. */
function bothUnacceptableShares(
  models: ReadonlyArray<string>,
  rows: ReadonlyArray<PairwiseJudgementRow>,
): BothUnacceptableShare[] {
  return models.map((model) => {
    const ofModel = rows.filter((row) => row.modelA === model || row.modelB === model);
    const marked = ofModel.filter((row) => row.bothUnacceptable).length;
    return {
      model,
      judgements: ofModel.length,
      marked,
      share: marked / ofModel.length,
      shareCi95: wilsonInterval(marked, ofModel.length),
    };
  });
}

function scoreOfA(row: PairwiseJudgementRow): 0 | 0.5 | 1 {
  if (row.value === PAIRWISE_TIE) return 0.5;
  if (row.value === row.modelA) return 1;
  if (row.value === row.modelB) return 0;
  throw new AnalysisInputError(
    `A pairwise judgement of ${row.modelA} against ${row.modelB} prefers ${JSON.stringify(row.value)}, neither model nor tie`,
  );
}

/** Outcome of a judgement for the pair in alphabetical order: 1 first model preferred, −1 second, 0 tie. */
function orderedOutcome(row: PairwiseJudgementRow): { first: string; second: string; outcome: -1 | 0 | 1 } {
  const [first, second] = [row.modelA, row.modelB].sort(compareStrings) as [string, string];
  const outcome = row.value === PAIRWISE_TIE ? 0 : row.value === first ? 1 : -1;
  return { first, second, outcome };
}

const NO_JUDGEMENTS = { wins: 0, ties: 0, losses: 0 } as const;

/**
 * Every pair of models judged against each other, or on one scale of the fit, in alphabetical order;
 * `beats` gives P(first beats second) (the interval filled in later).
 */
function pairRecords(
  models: ReadonlyArray<string>,
  rows: ReadonlyArray<PairwiseJudgementRow>,
  beats: (i: number, j: number) => Pick<PairwiseRecord, 'beats' | 'beatsCi95'>,
): PairwiseRecord[] {
  const tallies = new Map<string, { wins: number; ties: number; losses: number }>();
  for (const row of rows) {
    const { first, second, outcome } = orderedOutcome(row);
    const key = JSON.stringify([first, second]);
    const tally = tallies.get(key) ?? { wins: 0, ties: 0, losses: 0 };
    tallies.set(key, tally);
    if (outcome === 1) tally.wins += 1;
    else if (outcome === 0) tally.ties += 1;
    else tally.losses += 1;
  }
  return models.flatMap((model, i) =>
    models.slice(i + 1).flatMap((opponent, offset) => {
      const probability = beats(i, i + 1 + offset);
      // A pair never compared still has a P(beats) when the fit puts both models on one scale.
      const tally =
        tallies.get(JSON.stringify([model, opponent])) ?? (probability.beats === null ? null : NO_JUDGEMENTS);
      if (!tally) return [];
      const decisive = tally.wins + tally.losses;
      return [
        {
          model,
          opponent,
          ...tally,
          winRate: decisive === 0 ? null : tally.wins / decisive,
          winRateCi95: wilsonInterval(tally.wins, decisive),
          ...probability,
        },
      ];
    }),
  );
}

function samePairAgreement(rows: ReadonlyArray<PairwiseJudgementRow>): PairwiseSummary['agreement'] {
  const raters = [...new Set(rows.map((row) => row.rater))].sort(compareStrings);
  const raterIndex = new Map(raters.map((rater, index) => [rater, index]));
  const units = new Map<string, Array<number | null>>();
  for (const row of rows) {
    const { first, second, outcome } = orderedOutcome(row);
    const key = JSON.stringify([row.itemId, first, second]);
    const values = units.get(key) ?? new Array<number | null>(raters.length).fill(null);
    units.set(key, values);
    values[raterIndex.get(row.rater)!] = outcome;
  }
  const shared = [...units.values()].filter((values) => values.filter((value) => value !== null).length >= 2);
  if (shared.length === 0) return { units: 0, alphaNominal: null, ac1: null };
  const matrix = raters.map((_, rater) => shared.map((values) => values[rater]!));
  return {
    units: shared.length,
    alphaNominal: krippendorffAlpha(matrix, 'nominal'),
    ac1: gwetAgreement(matrix, [-1, 0, 1], 'identity')?.coefficient ?? null,
  };
}

/** Per rater: their majority preference on each pair of models, and the share of decided triads that go round. */
function circularTriads(models: ReadonlyArray<string>, rows: ReadonlyArray<PairwiseJudgementRow>): CircularTriads[] {
  const raters = [...new Set(rows.map((row) => row.rater))].sort(compareStrings);
  return raters.map((rater) => {
    const balance = new Map<string, number>();
    for (const row of rows.filter((candidate) => candidate.rater === rater)) {
      const { first, second, outcome } = orderedOutcome(row);
      const key = JSON.stringify([first, second]);
      balance.set(key, (balance.get(key) ?? 0) + outcome);
    }
    /** +1: the earlier model preferred, −1: the later, 0: undecided or never judged. */
    const preference = (i: number, j: number) => Math.sign(balance.get(JSON.stringify([models[i], models[j]])) ?? 0);
    let triads = 0;
    let circular = 0;
    for (let i = 0; i < models.length; i++) {
      for (let j = i + 1; j < models.length; j++) {
        for (let k = j + 1; k < models.length; k++) {
          const [ij, jk, ik] = [preference(i, j), preference(j, k), preference(i, k)];
          if (ij === 0 || jk === 0 || ik === 0) continue;
          triads += 1;
          // i→j→k→i or its reverse: i over j, j over k, yet k over i.
          if (ij === jk && ik === -ij) circular += 1;
        }
      }
    }
    return { rater, triads, circular, share: triads === 0 ? null : circular / triads };
  });
}
