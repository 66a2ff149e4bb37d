/**
 * `assign` with quality control designed in: stored with the plan, every rater's rating queue opens
 * with the calibration tasks and holds its reference controls and spaced repeats; bad options and
 * calibration files are refused with one line, before anything is written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assignRaters } from '../../../electron/services/plan';
import { readPlanQcOptions } from '../../../db/quality-control';
import { createSeededStudy, fixedClock, itemId, MODELS, PLAN_SEED, type SeededStudy } from '../session/fixture';

const QC = { repeats: 0.2, referenceControls: 1, calibration: 2 };
const calibrationFile = (rows: string[]) => ({
  name: 'calibration.csv',
  text: ['item_id,model,factuality,relevance,rationale', ...rows].join('\n'),
});
const GOOD_FILE = calibrationFile([
  `${itemId(0)},${MODELS[0]},4,5,Accurate and on topic`,
  `${itemId(1)},${MODELS[1]},2,,Misstates the dose`,
]);

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
});
afterEach(() => study.cleanup());

const assign = (qc: typeof QC, file: { name: string; text: string } | undefined) =>
  assignRaters(study.db, {
    raters: ['Dr Ada', 'Dr Bob'],
    seed: PLAN_SEED,
    qc,
    calibrationFile: file,
    clock: fixedClock,
  });

interface QueueRow {
  id: string;
  position: number;
  task_id: number;
  qc_role: string | null;
  first_showing: string | null;
  kind: string;
}
const queueOf = (rater: string) =>
  study.db
    .prepare(
      `SELECT a.id, a.position, a.task_id, a.qc_role, a.first_showing, s.task AS kind FROM assignments a
       JOIN raters r ON r.id = a.rater_id JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id
       WHERE r.name = ? ORDER BY a.position`,
    )
    .all(rater) as QueueRow[];

describe('assign --repeats --reference-controls --calibration', () => {
  it('stores the options and designs every rater’s rating queue: calibration first, repeats a third of the queue apart', () => {
    const summary = assign(QC, GOOD_FILE);
    expect(readPlanQcOptions(study.db)).toEqual(QC);
    // 15 rating tasks each: 3 repeats (20 %), 1 reference control, 2 calibration tasks.
    expect(summary.qcTasks).toEqual({ repeat: 6, reference_control: 2, calibration: 4 });
    expect(summary.tasksPerRater).toEqual([
      { name: 'Dr Ada', tasks: 21 },
      { name: 'Dr Bob', tasks: 21 },
    ]);
    for (const rater of ['Dr Ada', 'Dr Bob']) {
      const queue = queueOf(rater);
      const ratings = queue.filter((row) => row.kind === 'rating');
      expect(ratings.map((row) => row.position)).toEqual(ratings.map((_, i) => i + 1));
      expect(ratings.slice(0, 2).map((row) => row.qc_role)).toEqual(['calibration', 'calibration']);
      const repeats = ratings.filter((row) => row.qc_role === 'repeat');
      expect(repeats).toHaveLength(3);
      for (const repeat of repeats) {
        const first = ratings.find((row) => row.id === repeat.first_showing)!;
        expect(first.qc_role).toBeNull();
        expect(first.task_id).toBe(repeat.task_id);
        expect(3 * (repeat.position - first.position - 1)).toBeGreaterThanOrEqual(ratings.length);
      }
      expect(queue.filter((row) => row.kind === 'preference').every((row) => row.qc_role === null)).toBe(true);
    }
  });

  it('is off by default', () => {
    assignRaters(study.db, { raters: ['Dr Ada'], seed: PLAN_SEED, clock: fixedClock });
    expect(study.db.prepare('SELECT count(*) FROM assignments WHERE qc_role IS NOT NULL').pluck().get()).toBe(0);
    expect(readPlanQcOptions(study.db)).toEqual({ repeats: 0, referenceControls: 0, calibration: 0 });
  });

  it.each([
    [{ ...QC, repeats: 1.5 }, GOOD_FILE, 'Repeats must be a share between 0 and 1 (e.g. 0.1), got 1.5.'],
    [
      { ...QC, referenceControls: 9 },
      GOOD_FILE,
      "Dr Ada: 9 reference controls need 9 items with a reference answer outside the rater's preference pairs, only 3 available.",
    ],
    [
      { ...QC, calibration: 3 },
      GOOD_FILE,
      'Dr Ada: 3 calibration tasks need 3 entries in the calibration file, it has 2.',
    ],
    [QC, undefined, '2 calibration tasks need a calibration file with the expected ratings.'],
    [
      { ...QC, repeats: 0.9 },
      GOOD_FILE,
      /^Dr Ada: Repeats of 0.9 give 14 repeats of 15 rating tasks, which cannot be spaced/,
    ],
    [
      QC,
      calibrationFile([`${itemId(0)},${MODELS[0]},9,5,Too high`]),
      'Line 2 of calibration.csv: "factuality" must be on the rubric\'s scale (1, 2, 3, 4, 5), got 9',
    ],
    [
      QC,
      calibrationFile([`${itemId(0)},no-such-model,4,5,Fine`]),
      'Line 2 of calibration.csv: the study has no output of item "itm-xq0-7f3" by model "no-such-model" (calibration outputs must be in a rating sample)',
    ],
  ])('refuses %j with one line and writes nothing', (qc, file, message) => {
    expect(() => assign(qc, file)).toThrow(message);
    expect(study.db.prepare('SELECT count(*) FROM assignments').pluck().get()).toBe(0);
    expect(study.db.prepare('SELECT count(*) FROM calibration_entries').pluck().get()).toBe(0);
  });
});
