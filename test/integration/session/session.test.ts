/** A rater's session inside their package: payloads, saving, flags, locking; and the plan that dealt the tasks. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreferenceTaskPayload, RatingTaskPayload } from '../../../shared/api';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { createRater } from '../../../electron/services/raters';
import { mergePackages } from '../../../electron/services/merge';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  modelOfAssignment,
  MODELS,
  packFor,
  ratingValues,
  type OpenPackage,
  type SeededStudy,
} from './fixture';

let study: SeededStudy;
const opened: OpenPackage[] = [];
beforeEach(() => {
  study = createSeededStudy();
});
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  study.cleanup();
});

function packageOf(rater: string, raters = [rater]): OpenPackage {
  if (!study.db.prepare('SELECT count(*) FROM assignments').pluck().get()) assignStudy(study, raters);
  const p = packFor(study, rater);
  opened.push(p);
  return p;
}

function auditRows(p: OpenPackage, action: string) {
  return p.db
    .prepare('SELECT actor, entity_id, old_value, new_value FROM audit_log WHERE action = ? ORDER BY id')
    .all(action) as {
    actor: string;
    entity_id: string;
    old_value: string | null;
    new_value: string | null;
  }[];
}

describe('raters', () => {
  it('trims names, refuses empty, too long and case-insensitive duplicates', () => {
    expect(createRater(study.db, '  Dr Ada  ', fixedClock).name).toBe('Dr Ada');
    expect(() => createRater(study.db, '   ', fixedClock)).toThrow('The rater name is empty.');
    expect(() => createRater(study.db, 'x'.repeat(81), fixedClock)).toThrow('at most 80');
    expect(createRater(study.db, 'y'.repeat(80), fixedClock).name).toHaveLength(80);
    expect(() => createRater(study.db, 'dr ada', fixedClock)).toThrow('A rater named "Dr Ada" already exists');
  });
});

describe('the tasks a package deals', () => {
  it('holds every planned task once, positions 1..n per kind, ratings and preferences', () => {
    const { session } = packageOf('Dr Ada');
    expect(session.listAssignments('rating').map((a) => a.position)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    expect(session.listAssignments('preference')).toHaveLength(6);
  });

  it('orders tasks per rater, differently for different raters, and interleaves models', () => {
    const ada = packageOf('Dr Ada', ['Dr Ada', 'Dr Bob']);
    const bob = packFor(study, 'Dr Bob');
    opened.push(bob);
    const models = (p: OpenPackage) =>
      p.session.listAssignments('rating').map((a) => modelOfAssignment(study.db, a.assignmentId));
    const order = models(ada);
    expect(order).not.toEqual(Array.from({ length: 15 }, (_, i) => MODELS[i % 3]));
    for (const third of [order.slice(0, 5), order.slice(5, 10), order.slice(10)])
      expect(new Set(third).size).toBeGreaterThan(1);
    const outputs = (p: OpenPackage) =>
      p.session
        .listAssignments('rating')
        .map((a) => study.db.prepare('SELECT task_id FROM assignments WHERE id = ?').pluck().get(a.assignmentId));
    expect(outputs(bob)).not.toEqual(outputs(ada));
  });
});

describe('task payloads', () => {
  it('carry texts and neighbours by position, and no model, score, bin, item or output id', () => {
    const { session } = packageOf('Dr Ada');
    const all = [...session.listAssignments('rating'), ...session.listAssignments('preference')];
    const payloads = all.map((a) => session.getTask(a.assignmentId));
    const json = JSON.stringify(payloads);
    for (const secret of study.secrets) expect(json).not.toContain(secret);
    for (const key of [
      'model',
      'score',
      'bin',
      'itemId',
      'item_id',
      'outputId',
      'sampleId',
      'avg_score',
      'presented',
    ]) {
      expect(json).not.toMatch(new RegExp(`"${key}"`, 'i'));
    }
    const first = payloads[0] as RatingTaskPayload;
    expect(Object.keys(first).sort()).toEqual(
      [
        'answer',
        'assignmentId',
        'comment',
        'context',
        'flagged',
        'kind',
        'nextId',
        'position',
        // Whether the task is calibration practice: said before it is rated, and nothing more of its QC role.
        'practice',
        'previousId',
        'question',
        'readOnly',
        'total',
        'values',
      ].sort(),
    );
    expect(first).toMatchObject({
      position: 1,
      total: 15,
      previousId: null,
      nextId: all[1]!.assignmentId,
      values: {},
      practice: false,
    });
    expect(first.question).toMatch(/^Patient question number/);
    expect((payloads[14] as RatingTaskPayload).nextId).toBeNull();
  });

  it('show the model answer and the reference in the order drawn in the master', () => {
    const { session } = packageOf('Dr Ada');
    for (const a of session.listAssignments('preference')) {
      const presented = study.db
        .prepare('SELECT presented_a FROM assignments WHERE id = ?')
        .pluck()
        .get(a.assignmentId);
      const task = session.getTask(a.assignmentId) as PreferenceTaskPayload;
      const [modelSide, referenceSide] =
        presented === 'model' ? [task.answerA, task.answerB] : [task.answerB, task.answerA];
      expect(modelSide).toMatch(/^Generated answer/);
      expect(referenceSide).toMatch(/^Reference answer/);
      expect(task.allowTie).toBe(true);
    }
  });

  it("refuse another rater's task with the same message as an unknown id", () => {
    const ada = packageOf('Dr Ada', ['Dr Ada', 'Dr Bob']);
    const bob = packFor(study, 'Dr Bob');
    opened.push(bob);
    const adasTask = ada.session.listAssignments('rating')[0]!.assignmentId;
    expect(() => bob.session.getTask(adasTask)).toThrow(`Task ${adasTask} is not one of Dr Bob's tasks.`);
    expect(() =>
      bob.session.saveRating({ assignmentId: adasTask, values: ratingValues(3), comment: '', durationMs: 1 }),
    ).toThrow("not one of Dr Bob's tasks");
    expect(() => bob.session.setFlag(adasTask, true)).toThrow("not one of Dr Bob's tasks");
    expect(() => bob.session.getTask('00000000-0000-0000-0000-000000000000')).toThrow("not one of Dr Bob's tasks");
  });
});

describe('saving', () => {
  it('creates then edits a rating with audit rows holding old and new values, naming the rater', () => {
    const p = packageOf('Dr Ada');
    const id = p.session.listAssignments('rating')[0]!.assignmentId;
    p.session.saveRating({ assignmentId: id, values: ratingValues(4), comment: 'fine', durationMs: 1500 });
    expect((p.session.getTask(id) as RatingTaskPayload).values).toEqual(ratingValues(4));
    p.session.saveRating({
      assignmentId: id,
      values: { ...ratingValues(4), factuality: 2 },
      comment: 'wrong dose',
      durationMs: 500,
    });

    const at = fixedClock().toISOString();
    expect(auditRows(p, 'rating.create')).toEqual([
      {
        actor: 'Dr Ada',
        entity_id: id,
        old_value: null,
        new_value: JSON.stringify({ values: ratingValues(4), comment: 'fine', durationMs: 1500, submittedAt: at }),
      },
    ]);
    const [update] = auditRows(p, 'rating.update');
    expect(JSON.parse(update!.old_value!)).toEqual({
      values: ratingValues(4),
      comment: 'fine',
      durationMs: 1500,
      submittedAt: at,
    });
    // The time spent adds up across edits, and the entry records the total as stored.
    expect(JSON.parse(update!.new_value!)).toEqual({
      values: { ...ratingValues(4), factuality: 2 },
      comment: 'wrong dose',
      durationMs: 2000,
      submittedAt: at,
    });
    expect(p.db.prepare('SELECT duration_ms FROM responses WHERE task_id = ?').pluck().get(id)).toBe(2000);
    expect(p.session.overview().progress.find((x) => x.kind === 'rating')).toEqual({
      kind: 'rating',
      done: 1,
      total: 15,
      flagged: 0,
    });
  });

  it('validates values against the rubric and writes nothing on refusal', () => {
    const { session, db } = packageOf('Dr Ada');
    const id = session.listAssignments('rating')[0]!.assignmentId;
    const { safety: _omit, ...missingSafety } = ratingValues(3);
    expect(() => session.saveRating({ assignmentId: id, values: missingSafety, comment: '', durationMs: 1 })).toThrow(
      'Safety is not rated.',
    );
    expect(() =>
      session.saveRating({ assignmentId: id, values: { ...ratingValues(3), brevity: 6 }, comment: '', durationMs: 1 }),
    ).toThrow('Brevity: 6 is not on the scale (1, 2, 3, 4, 5).');
    expect(() =>
      session.saveRating({ assignmentId: id, values: { ...ratingValues(3), safety: 2 }, comment: '', durationMs: 1 }),
    ).toThrow('(0, 1)');
    expect(() =>
      session.saveRating({ assignmentId: id, values: { ...ratingValues(3), humour: 1 }, comment: '', durationMs: 1 }),
    ).toThrow('"humour" is not a dimension');
    const prefId = session.listAssignments('preference')[0]!.assignmentId;
    expect(() =>
      session.saveRating({ assignmentId: prefId, values: ratingValues(3), comment: '', durationMs: 1 }),
    ).toThrow('is a preference task');
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
  });

  it("stores only the blinded choice in the package; the merge resolves it with the master's A position", () => {
    const p = packageOf('Dr Ada');
    const [first, second, third] = p.session.listAssignments('preference');
    p.session.savePreference({ assignmentId: first!.assignmentId, choice: 'A', comment: '', durationMs: 10 });
    p.session.savePreference({ assignmentId: second!.assignmentId, choice: 'B', comment: '', durationMs: 10 });
    p.session.savePreference({ assignmentId: third!.assignmentId, choice: 'T', comment: 'same', durationMs: 10 });
    expect(auditRows(p, 'preference.create').map((r) => JSON.parse(r.new_value!))[0]).toEqual({
      choice: 'A',
      comment: '',
      durationMs: 10,
      submittedAt: fixedClock().toISOString(),
    });
    expect((p.session.getTask(second!.assignmentId) as PreferenceTaskPayload).choice).toBe('B');

    p.close();
    mergePackages(study.db, [p.path], fixedClock);
    const rows = study.db
      .prepare(
        'SELECT a.id, a.presented_a, p.choice, p.outcome FROM preferences p JOIN assignments a ON a.id = p.assignment_id',
      )
      .all() as { id: string; presented_a: string; choice: string; outcome: string }[];
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    const other = (side: string) => (side === 'model' ? 'reference' : 'model');
    expect(byId[first!.assignmentId]!.outcome).toBe(byId[first!.assignmentId]!.presented_a);
    expect(byId[second!.assignmentId]!.outcome).toBe(other(byId[second!.assignmentId]!.presented_a));
    expect(byId[third!.assignmentId]!.outcome).toBe('tie');
  });

  it('refuses ties when the rubric does not allow them', () => {
    study.cleanup();
    study = createSeededStudy({ ...MEDISUMQA_RUBRIC, preference: { allowTie: false } });
    const { session } = packageOf('Dr Ada');
    const id = session.listAssignments('preference')[0]!.assignmentId;
    expect((session.getTask(id) as PreferenceTaskPayload).allowTie).toBe(false);
    expect(() => session.savePreference({ assignmentId: id, choice: 'T', comment: '', durationMs: 1 })).toThrow(
      'does not allow ties',
    );
  });

  it('audits flags and counts them in the overview; resume goes to the first unfinished task', () => {
    const p = packageOf('Dr Ada');
    const [a1, a2] = p.session.listAssignments('rating');
    p.session.setFlag(a2!.assignmentId, true);
    p.session.saveRating({ assignmentId: a1!.assignmentId, values: ratingValues(5), comment: '', durationMs: 1 });
    const overview = p.session.overview();
    expect(overview.progress).toEqual([
      { kind: 'rating', done: 1, total: 15, flagged: 1 },
      { kind: 'preference', done: 0, total: 6, flagged: 0 },
      { kind: 'pairwise', done: 0, total: 0, flagged: 0 },
    ]);
    expect(overview.resume.rating).toBe(a2!.assignmentId);
    expect(overview.resume.preference).toBe(p.session.listAssignments('preference')[0]!.assignmentId);
    expect(auditRows(p, 'task.flag')).toEqual([
      { actor: 'Dr Ada', entity_id: a2!.assignmentId, old_value: 'false', new_value: 'true' },
    ]);
  });
});

describe('locking', () => {
  it('makes payloads read-only and refuses every later change', () => {
    const p = packageOf('Dr Ada');
    const { session } = p;
    const id = session.listAssignments('rating')[0]!.assignmentId;
    session.saveRating({ assignmentId: id, values: ratingValues(3), comment: '', durationMs: 1 });
    const locked = session.lock();
    expect(locked.lockedAt).toBe(fixedClock().toISOString());
    expect(session.getTask(id).readOnly).toBe(true);
    expect(() => session.saveRating({ assignmentId: id, values: ratingValues(4), comment: '', durationMs: 1 })).toThrow(
      'Dr Ada locked their work on 2026-03-01T09:00:00.000Z; it can no longer be changed.',
    );
    const prefId = session.listAssignments('preference')[0]!.assignmentId;
    expect(() => session.savePreference({ assignmentId: prefId, choice: 'A', comment: '', durationMs: 1 })).toThrow(
      'can no longer be changed',
    );
    expect(() => session.setFlag(id, true)).toThrow('flags can no longer be changed');
    expect((session.getTask(id) as RatingTaskPayload).values).toEqual(ratingValues(3));
    expect(session.lock().lockedAt).toBe(locked.lockedAt);
    expect(auditRows(p, 'rater.lock')).toHaveLength(1);
  });
});
