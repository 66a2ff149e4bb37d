/**
 * The design-plan benchmark (part of `npm run bench`): a 2,000-study plan (10 designs × 200 simulated
 * studies; 4 models × 5 bins, two 5-point dimensions, preference), against a floor in the same run: the
 * same number of random draws from the same generator, the least any simulation of these studies does.
 * Floor and plan alternate, so a neighbour's load lands on both; printed as the ratio of medians.
 */
import { createPlanRun, gridDesigns } from '../../shared/design/plan';
import type { Design, PlanAssumptions } from '../../shared/design/simulate';
import { createPrng } from '../../shared/prng';
import { linearQuantileSorted } from '../../shared/stats/bootstrap';
import { loadAverage } from './analysis';

const STUDIES_PER_DESIGN = 200;
const REPEATS = 3;
const designs = gridDesigns({ perBin: [10, 20, 40, 80, 160], raters: [3], overlap: [2, 3] });

function benchAssumptions(): PlanAssumptions {
  const prng = createPrng(31);
  const shares = [0.1, 0.2, 0.3, 0.25, 0.15];
  return {
    models: ['atlas', 'borealis', 'cygnus', 'delphi'].map((model) => ({
      model,
      bins: Array.from({ length: 5 }, (_, b) => Array.from({ length: 200 }, () => b + prng.nextFloat())),
      preference: Array(5).fill({ model: 0.45, reference: 0.45, tie: 0.1 }),
    })),
    dimensions: [
      { key: 'factuality', valueShares: shares, iccAbsolute: 0.5, iccConsistency: 0.6, metricRho: 0.5 },
      { key: 'relevance', valueShares: shares, iccAbsolute: 0.4, iccConsistency: 0.5, metricRho: 0.3 },
    ],
    secondsPerRating: 60,
    secondsPerPreference: 30,
  };
}

/** Uniform draws a study of the design takes: one per output drawn, one per normal, one per choice. */
function drawsPerStudy(design: Design, assumptions: PlanAssumptions): number {
  const outputs = assumptions.models.length * 5 * design.perBin;
  const normals = assumptions.dimensions.length * (design.raters + outputs * (1 + design.overlap));
  return outputs + normals + outputs * design.overlap;
}

function seconds(work: () => void): number {
  const started = performance.now();
  work();
  return (performance.now() - started) / 1000;
}

export function benchPlan(): void {
  const assumptions = benchAssumptions();
  const draws = designs.reduce((sum, d) => sum + STUDIES_PER_DESIGN * drawsPerStudy(d, assumptions), 0);
  const floors: number[] = [];
  const plans: number[] = [];
  const loadBefore = loadAverage();
  // The draws are summed and printed, so the floor's loop cannot be optimised away.
  let sink = 0;
  for (let i = 0; i < REPEATS; i++) {
    floors.push(
      seconds(() => {
        const prng = createPrng(i);
        for (let k = 0; k < draws; k++) sink += prng.nextFloat();
      }),
    );
    plans.push(
      seconds(() => {
        const run = createPlanRun(assumptions, designs, { studiesPerDesign: STUDIES_PER_DESIGN, seed: i });
        while (run.advance(20));
        sink += run.result().designs.length;
      }),
    );
  }
  const median = (values: number[]) =>
    linearQuantileSorted(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  const studies = designs.length * STUDIES_PER_DESIGN;
  console.log(
    `\nDesign plan: ${studies.toLocaleString('en')} simulated studies (${designs.length} designs × ${STUDIES_PER_DESIGN}), ${REPEATS} repeats; load average before ${loadBefore}, after ${loadAverage()}`,
  );
  console.log(`  plan:                         median ${median(plans).toFixed(3)} s`);
  console.log(`  floor (${(draws / 1e6).toFixed(1)} M PRNG draws): median ${median(floors).toFixed(3)} s`);
  console.log(`  ratio to the floor: ${(median(plans) / median(floors)).toFixed(1)}×  (checksum ${sink.toFixed(0)})`);
}
