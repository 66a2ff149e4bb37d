/**
 * The "Done when" of quality control at the analysis level: the scripted study (all three QC options,
 * one careful rater, one who answers everything with 3 in one second) goes through the tidy export
 * format into the analysis, and its QC section is checked against values computed independently by
 * test/fixtures/qc/make_qc_reference.py (numpy).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { analyzeTidyRatings, type AnalysisResult, type QcResult } from '../../../shared/analysis';
import { parseCalibrationFile } from '../../../shared/qc';
import { ratingsQcCsv } from '../../fixtures/qc/make_ratings_qc';
import { expectClose } from '../../unit/analysis/fixtures';
import {
  CAREFUL,
  FAST,
  SIMULATION_RUBRIC,
  plannedQueue,
  referenceCheckedRaterFigures,
  simulatedStudyRows,
} from './scripted-raters';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/qc');
const read = (name: string) => readFileSync(join(folder, name), 'utf8');
const reference = JSON.parse(read('qc_reference.json')) as Pick<
  QcResult,
  'intra_rater' | 'reference_controls' | 'calibration'
> & {
  calibration: QcResult['calibration']['agreement'];
  raters: Array<Record<string, unknown>>;
};

const { rows } = parseTidyRatingsCsv(read('ratings_qc.csv'), 'ratings_qc.csv');
const calibration = parseCalibrationFile('calibration_qc.csv', read('calibration_qc.csv'), SIMULATION_RUBRIC);
if (!calibration.ok) throw new Error(calibration.errors.join('\n'));
const result = analyzeTidyRatings(rows, {
  bootstrap: 0,
  seed: 1,
  rubric: SIMULATION_RUBRIC,
  qc: { calibration: calibration.entries },
});

describe('quality control of a scripted study (careful rater, rater answering 3 in one second)', () => {
  it('reads the committed fixture, which is exactly what the scripted raters produce', () => {
    expect(read('ratings_qc.csv')).toBe(ratingsQcCsv());
    expect(rows).toEqual(simulatedStudyRows());
  });

  it('spaces every repeat at least a third of the rater’s queue after its first showing, showing the same answer', () => {
    for (const rater of [CAREFUL, FAST]) {
      const queue = plannedQueue(rater);
      const repeats = queue.flatMap((entry, position) => (entry.qc === 'repeat' ? [{ entry, position }] : []));
      expect(repeats).toHaveLength(12);
      for (const { entry, position } of repeats) {
        const first = queue[entry.firstShowing]!;
        expect(first.qc === null && first.task).toBe(entry.task);
        expect(3 * (position - entry.firstShowing - 1)).toBeGreaterThanOrEqual(queue.length);
      }
      // The same spacing is visible in the ratings: tasks rated between the two showings.
      const times = [...new Set(rows.filter((r) => r.rater === rater).map((r) => r.ratedAt))].sort();
      for (const repeat of rows.filter((r) => r.rater === rater && r.qc === 'repeat' && r.dimension === 'factuality')) {
        const original = rows.find(
          (r) =>
            r.rater === rater &&
            r.qc === null &&
            r.itemId === repeat.itemId &&
            r.model === repeat.model &&
            r.dimension === 'factuality',
        )!;
        expect(3 * (times.indexOf(repeat.ratedAt) - times.indexOf(original.ratedAt) - 1)).toBeGreaterThanOrEqual(
          times.length,
        );
      }
    }
  });

  it('leaves every QC row out of the model results', () => {
    const studyRows = rows.filter((r) => r.qc === null);
    expect(result.qc.rows).toEqual({ repeat: 120, reference_control: 30, calibration: 20 });
    expect(studyRows).toHaveLength(rows.length - 170);
    expect(result.counts.ratings).toBe(studyRows.length);
    expect(result.models).toEqual(['model-a', 'model-b']);
    expect(result.bins.reduce((sum, b) => sum + b.n, 0)).toBe(studyRows.length);
    const withoutQc = ({ qc: _, ...rest }: AnalysisResult) => rest;
    expect(withoutQc(result)).toEqual(
      withoutQc(analyzeTidyRatings(studyRows, { bootstrap: 0, seed: 1, rubric: SIMULATION_RUBRIC })),
    );
  });

  it('gives the intra-rater kappa and percent exact that numpy computes from the definition', () => {
    expectClose(result.qc.intra_rater, reference.intra_rater);
    const careful = result.qc.intra_rater.find((a) => a.rater === CAREFUL && a.dimension === 'factuality')!;
    expect(careful).toMatchObject({ n: 12 });
    expect(careful.weighted_kappa).toBeCloseTo(0.8478260869565217, 12);
  });

  it('puts reference-control means next to each model’s, and compares calibration ratings with the expected ones', () => {
    expectClose(result.qc.reference_controls, reference.reference_controls);
    expect(result.qc.calibration.expected_supplied).toBe(true);
    expectClose(result.qc.calibration.agreement, reference.calibration);
  });

  it('flags the rater who answers 3 in one second, and not the careful one', () => {
    const raters = Object.fromEntries(result.qc.raters.map((r) => [r.rater, r]));
    expect(raters[FAST]!.flags).toEqual(['fast_answers', 'straight_lining']);
    expect(raters[CAREFUL]!.flags).toEqual([]);
    expectClose(referenceCheckedRaterFigures(result.qc.raters), reference.raters);
  });
});

describe('quality-control thresholds of analyze / report', () => {
  it('are passed from the service options to the per-rater flags', async () => {
    const file = join(folder, 'ratings_qc.csv');
    const flags = async (qc: { fastMs?: number; straightRun?: number }) =>
      Object.fromEntries(
        (await analyzeRatingsFile(file, { bootstrap: 0, seed: 1, qc })).qc.raters.map((r) => [r.rater, r.flags]),
      );
    expect((await flags({}))[FAST]).toEqual(['fast_answers', 'straight_lining']);
    expect((await flags({ fastMs: 1000, straightRun: 78 }))[FAST]).toEqual([]);
    expect((await flags({ fastMs: 100_000 }))[CAREFUL]).toEqual(['fast_answers']);
  });
});
