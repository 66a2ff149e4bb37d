/**
 * The design plan: simulated studies follow their assumptions and the assignment cycle, the plan is
 * reproducible from its seed, widths shrink as 1/√n, and a target picks the cheapest design reaching it.
 */
import { describe, expect, it } from 'vitest';
import { intraclassCorrelations } from '../../../shared/stats';
import {
  createPlanRun,
  gridDesigns,
  parsePlanTarget,
  PlanTargetError,
  smallestDesignReaching,
} from '../../../shared/design/plan';
import { preparePopulation, simulateStudy } from '../../../shared/design/simulate';
import { createPrng } from '../../../shared/prng';
import { twoModelAssumptions } from './simulated-study';

const assumptions = twoModelAssumptions();

function runPlan(seed: number, grid = { perBin: [10, 40], raters: [2, 3], overlap: [2, 3] }, studies = 60) {
  const run = createPlanRun(assumptions, gridDesigns(grid), { studiesPerDesign: studies, seed });
  while (run.advance(7)); // a step size that does not divide the studies: chunks must not matter
  return run.result();
}

describe('simulateStudy', () => {
  const population = preparePopulation(assumptions);
  // Many raters, so the shares do not hang on a few raters' biases.
  const study = simulateStudy(population, { perBin: 400, raters: 60, overlap: 3 }, createPrng(5));

  it('draws perBin outputs of every model and bin, each rated by `overlap` distinct raters with loads within one', () => {
    expect(study.model.length).toBe(2 * 5 * 400);
    for (let m = 0; m < 2; m++)
      for (let b = 1; b <= 5; b++)
        expect(study.model.filter((model, o) => model === m && study.bin[o] === b).length).toBe(400);
    const small = simulateStudy(population, { perBin: 7, raters: 4, overlap: 3 }, createPrng(1));
    const loads = [0, 0, 0, 0];
    for (let o = 0; o < small.model.length; o++) {
      const raters = new Set(Array.from(small.rater.subarray(o * 3, o * 3 + 3)));
      expect(raters.size).toBe(3);
      for (const r of raters) loads[r]!++;
    }
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });

  it("gives the pilot's value shares and, on the rating scale, about the pilot's ICC(A,1)", () => {
    const values = study.values[0]!;
    const shares = [0, 1, 2, 3, 4].map((v) => values.filter((x) => x === v).length / values.length);
    shares.forEach((share, v) => expect(share).toBeCloseTo(assumptions.dimensions[0]!.valueShares[v]!, 1));
    const table = Array.from({ length: study.model.length }, (_, o) => Array.from(values.subarray(o * 3, o * 3 + 3)));
    // Cutting the latent scale into 5 values attenuates the ICC a little.
    expect(intraclassCorrelations(table)!.absolute_single.value).toBeGreaterThan(0.42);
    expect(intraclassCorrelations(table)!.absolute_single.value).toBeLessThan(0.52);
  });

  it('is reproducible from the seed', () => {
    const again = simulateStudy(population, { perBin: 400, raters: 60, overlap: 3 }, createPrng(5));
    expect(again.values[0]).toEqual(study.values[0]);
    expect(simulateStudy(population, { perBin: 400, raters: 60, overlap: 3 }, createPrng(6)).values[0]).not.toEqual(
      study.values[0],
    );
  });
});

describe('createPlanRun', () => {
  const plan = runPlan(3);

  it('gives the same plan for the same seed whatever the step size, another for another seed', () => {
    const oneStep = createPlanRun(assumptions, gridDesigns({ perBin: [10, 40], raters: [2, 3], overlap: [2, 3] }), {
      studiesPerDesign: 60,
      seed: 3,
    });
    oneStep.advance(10_000);
    expect(oneStep.result()).toEqual(plan);
    expect(runPlan(4)).not.toEqual(plan);
  });

  it('tries every design with 2 ≤ overlap ≤ raters and costs each in tasks and physician-hours', () => {
    expect(plan.designs.map((d) => d.design)).toEqual([
      { perBin: 10, raters: 2, overlap: 2 },
      { perBin: 40, raters: 2, overlap: 2 },
      { perBin: 10, raters: 3, overlap: 2 },
      { perBin: 40, raters: 3, overlap: 2 },
      { perBin: 10, raters: 3, overlap: 3 },
      { perBin: 40, raters: 3, overlap: 3 },
    ]);
    const last = plan.designs.at(-1)!;
    expect(last.outputs).toBe(2 * 5 * 40);
    expect(last.tasks).toBe(2 * 400 * 3); // rating and preference tasks
    expect(last.physicianHours).toBeCloseTo((400 * 3 * 90 + 400 * 3 * 40) / 3600, 10);
  });

  it('has interval widths that shrink as 1/√n: four times the outputs, half the width', () => {
    const [small, large] = [plan.designs[0]!, plan.designs[1]!];
    small.figures.forEach((figure, i) => {
      const ratio = large.figures[i]!.meanWidth! / figure.meanWidth!;
      expect(ratio, `${figure.label.statistic} ${figure.label.model}`).toBeGreaterThan(0.42);
      expect(ratio).toBeLessThan(0.56);
    });
  });

  it('reads wider intervals for a weaker correlation and narrower α with more raters per output', () => {
    const weak = createPlanRun(twoModelAssumptions({ metricRho: 0.1 }), [{ perBin: 10, raters: 2, overlap: 2 }], {
      studiesPerDesign: 60,
      seed: 3,
    });
    weak.advance(1000);
    const pooled = (d: (typeof plan.designs)[number]) =>
      d.figures.find((f) => f.label.statistic === 'spearman-pooled')!;
    expect(pooled(weak.result().designs[0]!).meanWidth!).toBeGreaterThan(pooled(plan.designs[0]!).meanWidth!);
    const alpha = (d: (typeof plan.designs)[number]) => d.figures.find((f) => f.label.statistic === 'alpha')!;
    expect(alpha(plan.designs[5]!).meanWidth!).toBeLessThan(alpha(plan.designs[3]!).meanWidth!);
  });
});

describe('a target', () => {
  const plan = runPlan(3, { perBin: [10, 20, 40, 80], raters: [2, 3], overlap: [2, 3] }, 40);

  it('picks the design with the fewest physician-hours whose every figure reaches the width in 80% of studies', () => {
    const target = parsePlanTarget('spearman width 0.35');
    const chosen = smallestDesignReaching(plan, target)!;
    const reaches = (d: (typeof plan.designs)[number]) =>
      d.figures.filter((f) => f.label.statistic === 'spearman').every((f) => f.width80! <= 0.35);
    expect(reaches(chosen)).toBe(true);
    for (const other of plan.designs.filter(reaches))
      expect(other.physicianHours).toBeGreaterThanOrEqual(chosen.physicianHours);
    // Some cheaper design does not reach it, so the choice is not simply the cheapest.
    expect(plan.designs.some((d) => d.physicianHours < chosen.physicianHours && !reaches(d))).toBe(true);
  });

  it('is null when no design reaches it', () => {
    expect(smallestDesignReaching(plan, parsePlanTarget('alpha width 0.01'))).toBeNull();
  });

  it('reads "<statistic> width <number>" and refuses anything else in one line', () => {
    expect(parsePlanTarget('  spearman-pooled   width 0.2 ')).toEqual({ statistic: 'spearman-pooled', width: 0.2 });
    for (const text of ['spearman 0.2', 'kappa width 0.2', 'alpha width -1', 'alpha width 0.2 please'])
      expect(() => parsePlanTarget(text)).toThrow(PlanTargetError);
    expect(() => parsePlanTarget('kappa width 0.2')).toThrow(
      'The target "kappa width 0.2" should read "<statistic> width <number>" with the statistic one of spearman, spearman-pooled, alpha, preference, bt-gap (e.g. "spearman width 0.2").',
    );
  });
});
