/**
 * The plan's Bradley–Terry gap: its log-strengths from the pilot's pairwise judgements or assumed, the
 * figure and its cost in a plan with a pairwise task, the target that picks a design by it, and no figure
 * (with the reason) without a pairwise sample.
 */
import { describe, expect, it } from 'vitest';
import type { PairwiseJudgementRow } from '../../../shared/analysis/pairwise';
import { DEFAULT_ASSUMED, planAssumptions, type PlanInput } from '../../../shared/design/assumptions';
import { balancedComparisons, logStrengthGapWidth } from '../../../shared/design/bradleyTerryGap';
import { figureLabels } from '../../../shared/design/figures';
import { createPlanRun, gridDesigns, parsePlanTarget, smallestDesignReaching } from '../../../shared/design/plan';
import { preparePopulation, type PlanAssumptions } from '../../../shared/design/simulate';
import { twoModelAssumptions } from './simulated-study';

const MODELS = ['atlas', 'borealis', 'cirrus'];

function input(overrides: Partial<PlanInput>): PlanInput {
  return {
    outputs: MODELS.flatMap((model) =>
      Array.from({ length: 20 }, (_, i) => ({ model, itemId: `q${i}`, scores: { rouge: i / 20 } })),
    ),
    rows: [],
    rubric: [{ key: 'factuality', kind: 'likert', scale: [1, 2, 3, 4, 5] }],
    models: MODELS,
    metrics: ['rouge'],
    bins: 5,
    preference: false,
    pairwiseSample: { pairsPerItem: 2 },
    pairwiseRows: [],
    assumed: DEFAULT_ASSUMED,
    ...overrides,
  };
}

/** 60 judgements per pair of models; the first model wins `wins[pair]` of them, the rest are ties. */
function pilotRows(wins: Record<string, number>): PairwiseJudgementRow[] {
  return Object.entries(wins).flatMap(([pair, won]) => {
    const [modelA, modelB] = pair.split('-') as [string, string];
    return Array.from({ length: 60 }, (_, k) => ({
      rater: `r${k % 3}`,
      itemId: `q${k % 20}`,
      bin: null,
      dimension: 'pairwise',
      modelA,
      modelB,
      value: k < won ? modelA : 'tie',
      bothUnacceptable: false,
    }));
  });
}

describe('pairwise assumptions', () => {
  it('are equally spaced by the assumed gap without pilot judgements, and say so', () => {
    const found = planAssumptions(input({ assumed: { ...DEFAULT_ASSUMED, btGap: 0.3 } }));
    expect(found.pairwise).toEqual({ from: 'assumed' });
    const strengths = found.assumptions.pairwise!.logStrengths;
    [0.3, 0, -0.3].forEach((theta, k) => expect(strengths[k]).toBeCloseTo(theta, 12));
    expect(found.assumptions.pairwise!.pairsPerItem).toBe(2);
  });

  it("come from the pilot's Bradley–Terry fit (ties half a win) with its number of judgements", () => {
    // atlas takes 40 of 60 against borealis and cirrus (the other 20 are ties); borealis–cirrus all ties.
    const found = planAssumptions(
      input({ pairwiseRows: pilotRows({ 'atlas-borealis': 40, 'atlas-cirrus': 40, 'borealis-cirrus': 0 }) }),
    );
    expect(found.pairwise).toEqual({ from: 'pilot', n: 180 });
    const [atlas, borealis, cirrus] = found.assumptions.pairwise!.logStrengths;
    // Score 50 of 60 against each: P(atlas beats) = 5/6, so the gap is log 5; borealis and cirrus level.
    expect(atlas! - borealis!).toBeCloseTo(Math.log(5), 8);
    expect(borealis! - cirrus!).toBeCloseTo(0, 8);
  });

  it('omit the figure, saying why, when the study has no pairwise sample', () => {
    const found = planAssumptions(input({ pairwiseSample: null }));
    expect(found.pairwise).toEqual({ omitted: 'the study has no pairwise sample' });
    expect(found.assumptions.pairwise).toBeNull();
    expect(figureLabels(preparePopulation(found.assumptions)).some((l) => l.statistic === 'bt-gap')).toBe(false);
  });
});

describe('a plan with a pairwise task', () => {
  // atlas and borealis 0.1 apart (the closest), cirrus far below; each of the 5 bins × perBin items gets 1 pair.
  const base = twoModelAssumptions();
  const assumptions: PlanAssumptions = {
    ...base,
    models: [...base.models, { ...base.models[1]!, model: 'cirrus' }],
    pairwise: { logStrengths: [0.35, 0.25, -0.6], pairsPerItem: 1 },
  };
  const designs = gridDesigns({ perBin: [12, 48], raters: [2, 3], overlap: [2, 3] });
  const run = createPlanRun(assumptions, designs, { studiesPerDesign: 200, seed: 7 });
  run.advance(Infinity);
  const plan = run.result();
  const gap = (d: (typeof plan.designs)[number]) => d.figures.find((f) => f.label.statistic === 'bt-gap')!;

  it('predicts the gap of the two closest models, as wide as the Fisher information says within 5%', () => {
    expect(gap(plan.designs[0]!).label).toMatchObject({ model: 'atlas', opponent: 'borealis' });
    for (const d of plan.designs) {
      const judgements = 5 * d.design.perBin * 1 * d.design.overlap;
      const expected = logStrengthGapWidth([0.35, 0.25, -0.6], balancedComparisons(3, judgements), 0, 1)!;
      expect(gap(d).meanWidth! / expected).toBeGreaterThan(0.95);
      expect(gap(d).meanWidth! / expected).toBeLessThan(1.05);
      expect(gap(d).undefinedStudies).toBe(0);
    }
  });

  it('costs each pairwise judgement as a preference choice', () => {
    const d = plan.designs.at(-1)!; // 48 per bin, 3 raters, 3 per output
    const ratingTasks = 3 * 5 * 48 * 3;
    const pairwiseTasks = 5 * 48 * 1 * 3;
    expect(d.tasks).toBe(2 * ratingTasks + pairwiseTasks); // rating, preference, pairwise
    expect(d.physicianHours).toBeCloseTo((ratingTasks * 90 + (ratingTasks + pairwiseTasks) * 40) / 3600, 10);
  });

  it('lets "bt-gap width W" pick the cheapest design whose gap reaches W in 80% of studies', () => {
    const widths = plan.designs.map((d) => gap(d).width80!);
    const w = (Math.min(...widths) + Math.max(...widths)) / 2;
    const chosen = smallestDesignReaching(plan, parsePlanTarget(`bt-gap width ${w}`))!;
    expect(gap(chosen).width80!).toBeLessThanOrEqual(w);
    for (const d of plan.designs.filter((x) => gap(x).width80! <= w))
      expect(d.physicianHours).toBeGreaterThanOrEqual(chosen.physicianHours);
    expect(smallestDesignReaching(plan, parsePlanTarget('bt-gap width 0.01'))).toBeNull();
  });

  it('is reproducible from the seed', () => {
    const again = createPlanRun(assumptions, designs, { studiesPerDesign: 200, seed: 7 });
    while (again.advance(13));
    expect(again.result()).toEqual(plan);
  });
});
