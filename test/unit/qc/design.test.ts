import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/prng';
import {
  QcDesignError,
  minimumTasksBetweenRepeats,
  planRatingQueue,
  repeatCount,
  type PlannedTask,
  type QcOptions,
} from '../../../shared/qc';

type Planned = PlannedTask<string, string, string>;

function plan(tasks: number, options: QcOptions, seed: number, candidates = 10, calibrationEntries = 5): Planned[] {
  return planRatingQueue(
    {
      tasks: Array.from({ length: tasks }, (_, i) => `t${i}`),
      referenceCandidates: Array.from({ length: candidates }, (_, i) => `item${i}`),
      calibration: Array.from({ length: calibrationEntries }, (_, i) => `cal${i}`),
    },
    options,
    createPrng(seed),
  );
}

const designs = fc.record({
  tasks: fc.integer({ min: 0, max: 80 }),
  repeats: fc.double({ min: 0, max: 1, noNaN: true }),
  referenceControls: fc.integer({ min: 0, max: 10 }),
  calibration: fc.integer({ min: 0, max: 5 }),
  seed: fc.integer(),
});

describe('planRatingQueue', () => {
  it('spaces every repeat at least a third of the queue from its first showing, or refuses when that is impossible', () => {
    fc.assert(
      fc.property(designs, ({ tasks, seed, ...options }) => {
        const r = repeatCount(tasks, options.repeats);
        const length = options.calibration + tasks + options.referenceControls + r;
        const feasible = r === 0 || tasks - r >= minimumTasksBetweenRepeats(length);
        if (!feasible) {
          expect(() => plan(tasks, options, seed)).toThrow(QcDesignError);
          return;
        }
        const queue = plan(tasks, options, seed);
        expect(queue).toHaveLength(length);
        const repeats = queue.flatMap((entry, position) => (entry.qc === 'repeat' ? [{ entry, position }] : []));
        expect(repeats).toHaveLength(r);
        for (const { entry, position } of repeats) {
          const first = queue[entry.firstShowing]!;
          expect(first).toEqual({ qc: null, task: entry.task });
          // "At least a third of the queue between": tasks strictly between the two showings ≥ length / 3.
          expect((position - entry.firstShowing - 1) * 3).toBeGreaterThanOrEqual(length);
        }
        expect(new Set(repeats.map(({ entry }) => entry.task)).size).toBe(r);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every task once in its order, opens with the calibration tasks and draws distinct reference controls', () => {
    fc.assert(
      fc.property(designs, ({ tasks, seed, ...options }) => {
        let queue: Planned[];
        try {
          queue = plan(tasks, options, seed);
        } catch (error) {
          if (error instanceof QcDesignError) return;
          throw error;
        }
        expect(queue.slice(0, options.calibration)).toEqual(
          Array.from({ length: options.calibration }, (_, i) => ({ qc: 'calibration', calibration: `cal${i}` })),
        );
        expect(queue.slice(options.calibration).some((e) => e.qc === 'calibration')).toBe(false);
        const own = queue.filter((e): e is Extract<Planned, { qc: null }> => e.qc === null).map((e) => e.task);
        expect(own).toEqual(Array.from({ length: tasks }, (_, i) => `t${i}`));
        const references = queue.flatMap((e) => (e.qc === 'reference_control' ? [e.reference] : []));
        expect(references).toHaveLength(options.referenceControls);
        expect(new Set(references).size).toBe(references.length);
      }),
      { numRuns: 300 },
    );
  });

  it('is reproducible from its seed, and another seed gives another order', () => {
    const options = { repeats: 0.1, referenceControls: 3, calibration: 2 };
    expect(plan(40, options, 7)).toEqual(plan(40, options, 7));
    expect(plan(40, options, 7)).not.toEqual(plan(40, options, 8));
  });

  it('spreads repeats and reference controls over the queue rather than always the same places', () => {
    const positions = (qc: 'repeat' | 'reference_control') =>
      new Set(
        Array.from({ length: 30 }, (_, seed) =>
          plan(40, { repeats: 0.1, referenceControls: 3, calibration: 0 }, seed).findIndex((e) => e.qc === qc),
        ),
      );
    expect(positions('repeat').size).toBeGreaterThan(5);
    expect(positions('reference_control').size).toBeGreaterThan(5);
  });

  it('leaves the queue alone when every option is off', () => {
    expect(plan(5, { repeats: 0, referenceControls: 0, calibration: 0 }, 1)).toEqual(
      ['t0', 't1', 't2', 't3', 't4'].map((task) => ({ qc: null, task })),
    );
  });

  it('names the option that cannot be met', () => {
    expect(() => plan(10, { repeats: 0, referenceControls: 11, calibration: 0 }, 1)).toThrow(
      "11 reference controls need 11 items with a reference answer outside the rater's preference pairs, only 10 available",
    );
    expect(() => plan(10, { repeats: 0, referenceControls: 0, calibration: 6 }, 1)).toThrow(
      '6 calibration tasks need 6 entries in the calibration file, it has 5',
    );
    expect(() => plan(4, { repeats: 1, referenceControls: 0, calibration: 0 }, 1)).toThrow(
      /^Repeats of 1 give 4 repeats of 4 rating tasks, which cannot be spaced 3 tasks .*give a lower share of repeats$/,
    );
  });
});

describe('repeatCount', () => {
  it('rounds the share of tasks, with at least one repeat when any is asked for', () => {
    expect(repeatCount(60, 0.1)).toBe(6);
    expect(repeatCount(4, 0.1)).toBe(1);
    expect(repeatCount(4, 0)).toBe(0);
    expect(repeatCount(0, 0.5)).toBe(0);
  });
});
