/**
 * The "Done when" of quality control, end to end through rater packages: a study is assigned with all
 * three options (hidden repeats, reference controls, calibration), two packages are packed and rated
 * through the API host (services/api-host, as the renderer calls it) by scripted raters (one careful,
 * one who answers everything with 3 in one second), merged, exported and analysed.
 *
 * Reference values: test/fixtures/qc/packages_qc_reference.json, computed with numpy by
 * make_qc_reference.py from this run's tidy export (committed as packages_qc_ratings.csv) and the
 * calibration file (packages_qc_calibration.csv). To regenerate both after a deliberate change:
 *   UPDATE_QC_FIXTURES=1 npx vitest run test/integration/qc/packages-qc.test.ts
 *   cd test/fixtures/qc && python3 make_qc_reference.py packages_qc_ratings.csv packages_qc_calibration.csv packages_qc_reference.json
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHost } from '../../../electron/services/api-host';
import { analyzeStudy } from '../../../electron/services/analysis';
import { exportTable } from '../../../electron/services/exporter';
import { mergePackages } from '../../../electron/services/merge';
import { packRaterPackage } from '../../../electron/services/pack';
import { assignRaters } from '../../../electron/services/plan';
import { PACKAGE_RATER_ID } from '../../../electron/services/session';
import { readRubricDimensions } from '../../../electron/services/study';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { readTidyRatingRows } from '../../../electron/services/tidy-ratings';
import { analyzeTidyRatings, type AnalysisResult, type QcResult, type TidyRatingRow } from '../../../shared/analysis';
import type {
  AssignmentSummary,
  RatingTaskPayload,
  SaveRatingResult,
  SessionOverview,
  StudyRef,
} from '../../../shared/api';
import type { Clock } from '../../../shared/clock';
import { createPrng, deriveSeed } from '../../../shared/prng';
import { QC_ROLES, REFERENCE_CONTROL_MODEL } from '../../../shared/qc';
import { expectClose } from '../../unit/analysis/fixtures';
import {
  createSeededStudy,
  itemId,
  MODELS,
  packagePassphraseOf,
  PASSPHRASE,
  PLAN_SEED,
  type SeededStudy,
} from '../session/fixture';
import {
  carefulRater,
  referenceCheckedRaterFigures,
  threeInOneSecondRater,
  type RaterBehaviour,
} from './scripted-raters';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/qc');
const fixture = (name: string) => join(folder, name);
const UPDATE = process.env.UPDATE_QC_FIXTURES === '1';

const CAREFUL = 'Dr Careful';
const FAST = 'Dr Fast';
const QC = { repeats: 0.2, referenceControls: 3, calibration: 2 };
const ITEMS = 20;
const DIMENSIONS = ['factuality', 'brevity', 'patient_friendliness', 'relevance', 'safety'];

/** The "true" quality of an answer text, which a careful rater rates near: a fixed function of the text. */
function qualityOf(answer: string): Record<string, number> {
  let h = 7;
  for (const c of answer) h = (h * 31 + c.charCodeAt(0)) % 1_000_003;
  return {
    factuality: 1 + (h % 5),
    brevity: 1 + ((h >> 3) % 5),
    patient_friendliness: 1 + ((h >> 6) % 5),
    relevance: 1 + ((h >> 9) % 5),
    safety: (h >> 12) % 4 === 0 ? 0 : 1,
  };
}
const outputText = (item: number, model: number) => `Generated answer ${item + 1}/${model + 1}: after breakfast.`;

/** The coordinator's calibration file: two outputs, expected at their true quality. */
function calibrationCsv(): string {
  const entries = [
    [0, 0, 'Accurate but longer than it needs to be'],
    [1, 1, 'Clear and correct'],
  ] as const;
  const lines = entries.map(([item, model, why]) =>
    [itemId(item), MODELS[model], ...DIMENSIONS.map((d) => qualityOf(outputText(item, model))[d]), why].join(','),
  );
  return [['item_id', 'model', ...DIMENSIONS, 'rationale'].join(','), ...lines].join('\n') + '\n';
}

/** A clock that moves 30 s per reading, so every save has its own time and the rating order is known. */
function steppingClock(): Clock {
  let at = Date.parse('2026-03-02T09:00:00.000Z');
  return () => new Date((at += 30_000));
}

let study: SeededStudy;
const packagePaths: Record<string, string> = {};
/** Every rating payload each rater was shown, in rating order, and what each save returned. */
const shown: Record<string, { payload: RatingTaskPayload; saved: SaveRatingResult }[]> = {};
let rows: TidyRatingRow[];
let result: AnalysisResult;
let exportCsv: string;

async function rateThroughApi(rater: string, behaviour: RaterBehaviour, clock: Clock): Promise<void> {
  const studies: StudyRef[] = [{ path: packagePaths[rater]!, label: `${rater}.blindrate` }];
  const api = createApiHost({ clock, studies: () => studies });
  const call = async <T>(method: string, arg?: unknown): Promise<T> => {
    const reply = await api.dispatch(method, arg);
    if (!reply.ok) throw new Error(`${method} refused: ${reply.error}`);
    return reply.value as T;
  };
  await call('unlockStudy', { path: packagePaths[rater], passphrase: packagePassphraseOf(rater), remember: false });
  await call<SessionOverview>('startSession', PACKAGE_RATER_ID);
  const prng = createPrng(deriveSeed(PLAN_SEED, rater));
  shown[rater] = [];
  for (const { assignmentId } of await call<AssignmentSummary[]>('listAssignments', 'rating')) {
    const payload = await call<RatingTaskPayload>('getTask', assignmentId);
    const { values, durationMs } = behaviour(qualityOf(payload.answer), prng);
    const saved = await call<SaveRatingResult>('saveRating', { assignmentId, values, comment: '', durationMs });
    shown[rater]!.push({ payload, saved });
  }
  await call('closeStudy');
}

beforeAll(async () => {
  study = createSeededStudy(undefined, ITEMS);
  assignRaters(study.db, {
    raters: [CAREFUL, FAST],
    seed: PLAN_SEED,
    // A fixed plan secret, so the queues (and the committed export) are the same on every run.
    secret: createHash('sha256').update('packages-qc plan').digest(),
    qc: QC,
    calibrationFile: { name: 'calibration.csv', text: calibrationCsv() },
    clock: steppingClock(),
  });
  for (const rater of [CAREFUL, FAST]) {
    packagePaths[rater] = join(study.path, '..', `${rater.replace(/\W+/g, '-')}.blindrate`);
    packRaterPackage(study.db, {
      rater,
      out: packagePaths[rater],
      passphrase: packagePassphraseOf(rater),
      masterPassphrase: PASSPHRASE,
      clock: steppingClock(),
    });
  }
  const clock = steppingClock();
  await rateThroughApi(CAREFUL, carefulRater, clock);
  await rateThroughApi(FAST, threeInOneSecondRater, clock);
  mergePackages(study.db, [packagePaths[CAREFUL]!, packagePaths[FAST]!], clock);
  rows = readTidyRatingRows(study.db);
  result = analyzeStudy(study.db, { bootstrap: 0, seed: 1 });
  const out = join(study.path, '..', 'ratings.csv');
  await exportTable(study.db, { what: 'ratings', format: 'csv', out });
  exportCsv = readFileSync(out, 'utf8');
  if (UPDATE) {
    writeFileSync(fixture('packages_qc_ratings.csv'), exportCsv);
    writeFileSync(fixture('packages_qc_calibration.csv'), calibrationCsv());
  }
}, 120_000);
afterAll(() => study.cleanup());

/** The master's plan, read behind the blinding for assertions only. */
function plannedQueue(rater: string) {
  return study.db
    .prepare(
      `SELECT a.id, a.position, a.qc_role, a.first_showing FROM assignments a JOIN raters r ON r.id = a.rater_id
       JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id
       WHERE r.name = ? AND s.task = 'rating' ORDER BY a.position`,
    )
    .all(rater) as { id: string; position: number; qc_role: string | null; first_showing: string | null }[];
}

describe('quality control through rater packages (careful rater, rater answering 3 in one second)', () => {
  it('spaces every repeat at least a third of the queue after its first showing, and nothing in a payload tells it is one', () => {
    for (const rater of [CAREFUL, FAST]) {
      const queue = plannedQueue(rater);
      const payloads = new Map(shown[rater]!.map(({ payload }) => [payload.assignmentId, payload]));
      expect(payloads.size).toBe(queue.length);
      const repeats = queue.filter((a) => a.qc_role === 'repeat');
      expect(repeats).toHaveLength(12); // 20 % of 60 rating tasks
      for (const repeat of repeats) {
        const first = queue.find((a) => a.id === repeat.first_showing)!;
        expect(3 * (repeat.position - first.position - 1)).toBeGreaterThanOrEqual(queue.length);
        // Apart from its id, place and the values given, a repeat's payload is its first showing's.
        const [again, once] = [payloads.get(repeat.id)!, payloads.get(first.id)!].map(
          ({ assignmentId: _id, position: _at, previousId: _p, nextId: _n, values: _v, ...rest }) => rest,
        );
        expect(repeat.id).not.toBe(first.id);
        expect(again).toEqual(once);
      }
      for (const { payload, saved } of shown[rater]!) {
        const text = JSON.stringify(payload);
        for (const word of [...QC_ROLES, 'expected', 'rationale', ...MODELS]) expect(text).not.toContain(word);
        expect(Object.keys(saved).includes('calibrationFeedback')).toBe(saved.calibrationFeedback !== undefined);
      }
    }
  });

  it('shows the expected rating after the calibration tasks only, which open the queue', () => {
    for (const rater of [CAREFUL, FAST]) {
      const feedback = shown[rater]!.map(({ saved }) => saved.calibrationFeedback ?? null);
      expect(feedback.slice(0, 2)).toEqual([
        { expected: qualityOf(outputText(0, 0)), rationale: 'Accurate but longer than it needs to be' },
        { expected: qualityOf(outputText(1, 1)), rationale: 'Clear and correct' },
      ]);
      expect(feedback.slice(2).every((f) => f === null)).toBe(true);
      // Exactly those tasks said they were practice before they were rated.
      expect(shown[rater]!.map(({ payload }) => payload.practice)).toEqual(feedback.map((f) => f !== null));
    }
  });

  it('brings every QC answer back with its role; a reference control is rated under the model "reference"', () => {
    const count = (qc: string | null) => rows.filter((r) => r.qc === qc && r.dimension === 'factuality').length;
    expect([count(null), count('repeat'), count('reference_control'), count('calibration')]).toEqual([120, 24, 6, 4]);
    const controls = rows.filter((r) => r.qc === 'reference_control');
    expect(controls.every((r) => r.model === REFERENCE_CONTROL_MODEL && r.bin === null)).toBe(true);
    expect(rows.filter((r) => r.qc !== 'reference_control').every((r) => r.model !== REFERENCE_CONTROL_MODEL)).toBe(
      true,
    );
    expect(result.qc.rows).toEqual({ repeat: 24 * 5, reference_control: 6 * 5, calibration: 4 * 5 });
  });

  it('leaves QC rows out of the model results', () => {
    const ordinary = rows.filter((r) => r.qc === null);
    const withoutQc = analyzeTidyRatings(ordinary, { bootstrap: 0, seed: 1, rubric: readRubricDimensions(study.db) });
    const { qc: _qc, ...modelResults } = result;
    const { qc: _none, ...expected } = withoutQc;
    expect(_qc.rows.repeat).toBeGreaterThan(0);
    expect(_none.rows.repeat).toBe(0);
    expect(modelResults).toEqual(expected);
    expect(result.models).toEqual([...MODELS].sort());
  });

  it('computes intra-rater agreement, reference-control means and calibration agreement as numpy does (make_qc_reference.py)', () => {
    const committed = parseTidyRatingsCsv(
      readFileSync(fixture('packages_qc_ratings.csv'), 'utf8'),
      'packages_qc_ratings.csv',
    ).rows;
    const exported = parseTidyRatingsCsv(exportCsv, 'ratings.csv').rows;
    // The reference was computed from this very export (package ids are random per run).
    expect(comparable(exported)).toEqual(comparable(committed));
    expect(readFileSync(fixture('packages_qc_calibration.csv'), 'utf8')).toBe(calibrationCsv());
    const reference = JSON.parse(readFileSync(fixture('packages_qc_reference.json'), 'utf8')) as Pick<
      QcResult,
      'intra_rater' | 'reference_controls'
    > & {
      calibration: QcResult['calibration']['agreement'];
      raters: Array<Record<string, unknown>>;
    };
    expectClose(result.qc.intra_rater, reference.intra_rater);
    expect(result.qc.intra_rater.find((r) => r.rater === CAREFUL && r.dimension === 'factuality')!.n).toBe(12);
    expectClose(result.qc.reference_controls, reference.reference_controls);
    expect(result.qc.calibration.expected_supplied).toBe(true);
    expectClose(result.qc.calibration.agreement, reference.calibration);
    expectClose(referenceCheckedRaterFigures(result.qc.raters), reference.raters);
  });

  it('flags the rater who answers 3 in one second, and not the careful one', () => {
    const flags = Object.fromEntries(result.qc.raters.map((r) => [r.rater, r.flags]));
    expect(flags[FAST]).toEqual(['fast_answers', 'straight_lining']);
    expect(flags[CAREFUL]).toEqual([]);
  });
});

function comparable(tidy: TidyRatingRow[]): string[] {
  return tidy.map(({ packageId: _packageId, ...row }) => JSON.stringify(row)).sort();
}
