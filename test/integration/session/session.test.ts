import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRaterSession } from '../../../electron/services/session';
import { createRater, lockRater } from '../../../electron/services/raters';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import type { PreferenceTaskPayload, RatingTaskPayload } from '../../../shared/api';
import {
  createSeededStudy,
  fixedClock,
  insertRater,
  modelOfAssignment,
  MODELS,
  ratingValues,
  type SeededStudy,
} from './fixture';

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
});
afterEach(() => study.cleanup());

function session(name: string) {
  const id = insertRater(study.db, name);
  return startRaterSession(study.db, id, MEDISUMQA_RUBRIC, fixedClock);
}

function auditRows(action: string) {
  return study.db.prepare('SELECT actor, entity_id, old_value, new_value FROM audit_log WHERE action = ? ORDER BY id').all(action) as {
    actor: string;
    entity_id: string;
    old_value: string | null;
    new_value: string | null;
  }[];
}

function modelOrder(name: string): string[] {
  const s = session(name);
  return s.listAssignments('rating').map((a) => modelOfAssignment(study.db, a.assignmentId));
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

describe('assignments', () => {
  it('deals every task once, positions 1..n per kind, and again on restart nothing new', () => {
    const s = session('Dr Ada');
    expect(s.listAssignments('rating').map((a) => a.position)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(s.listAssignments('preference')).toHaveLength(6);
    const again = startRaterSession(study.db, s.raterId, MEDISUMQA_RUBRIC, fixedClock);
    expect(again.listAssignments('rating').map((a) => a.assignmentId)).toEqual(s.listAssignments('rating').map((a) => a.assignmentId));
  });

  it('orders tasks reproducibly per rater name, differently for different raters', () => {
    const ada = modelOrder('Dr Ada');
    const taskOrderAda = study.db.prepare(`SELECT task_id FROM assignments a JOIN raters r ON r.id = a.rater_id WHERE r.name = 'Dr Ada' ORDER BY position`).pluck().all();
    study.cleanup();
    study = createSeededStudy();
    expect(modelOrder('Dr Ada')).toEqual(ada);
    const taskOrderAgain = study.db.prepare(`SELECT task_id FROM assignments a JOIN raters r ON r.id = a.rater_id WHERE r.name = 'Dr Ada' ORDER BY position`).pluck().all();
    expect(taskOrderAgain).toEqual(taskOrderAda);
    modelOrder('Dr Bob');
    const taskOrderBob = study.db.prepare(`SELECT task_id FROM assignments a JOIN raters r ON r.id = a.rater_id WHERE r.name = 'Dr Bob' ORDER BY position`).pluck().all();
    expect(taskOrderBob).not.toEqual(taskOrderAda);
  });

  it('interleaves models instead of keeping the import order', () => {
    const order = modelOrder('Dr Ada');
    // Tasks were inserted item by item, model after model; a shuffle breaks that cycle and mixes models in each third.
    const importOrder = Array.from({ length: 15 }, (_, i) => MODELS[i % 3]);
    expect(order).not.toEqual(importOrder);
    for (const third of [order.slice(0, 5), order.slice(5, 10), order.slice(10)]) {
      expect(new Set(third).size).toBeGreaterThan(1);
    }
    const sameAsNext = order.filter((m, i) => m === order[i + 1]).length;
    expect(sameAsNext).toBeLessThan(10);
  });

  it('appends tasks of a later sample after existing positions and draws A/B positions for preferences', () => {
    const s = session('Dr Ada');
    const positions = study.db.prepare('SELECT position FROM assignments WHERE rater_id = ? ORDER BY position').pluck().all(s.raterId) as number[];
    expect(positions).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    const presented = study.db
      .prepare(`SELECT s.task, a.presented_a FROM assignments a JOIN tasks t ON t.id = a.task_id JOIN samples s ON s.id = t.sample_id WHERE a.rater_id = ?`)
      .all(s.raterId) as { task: string; presented_a: string | null }[];
    expect(presented.filter((r) => r.task === 'rating').every((r) => r.presented_a === null)).toBe(true);
    const prefs = presented.filter((r) => r.task === 'preference').map((r) => r.presented_a);
    expect(prefs.every((p) => p === 'model' || p === 'reference')).toBe(true);

    const { lastInsertRowid } = study.db
      .prepare(`INSERT INTO samples (task, bins, per_bin, metrics_json, seed, disjoint, created_at) VALUES ('rating', 1, 1, '[]', 5, 0, 'x')`)
      .run();
    study.db.prepare('INSERT INTO tasks (sample_id, output_id, bin, avg_score) VALUES (?, 1, 1, 0.5)').run(lastInsertRowid);
    const before = s.listAssignments('rating').map((a) => a.assignmentId);
    const after = startRaterSession(study.db, s.raterId, MEDISUMQA_RUBRIC, fixedClock).listAssignments('rating');
    expect(after.map((a) => a.assignmentId).slice(0, 15)).toEqual(before);
    expect(after).toHaveLength(16);
  });
});

describe('task payloads', () => {
  it('carry texts and neighbours by position, and no model, score, bin, item or output id', () => {
    const s = session('Dr Ada');
    const all = [...s.listAssignments('rating'), ...s.listAssignments('preference')];
    const payloads = all.map((a) => s.getTask(a.assignmentId));
    const json = JSON.stringify(payloads);
    for (const secret of study.secrets) expect(json).not.toContain(secret);
    for (const key of ['model', 'score', 'bin', 'itemId', 'item_id', 'outputId', 'sampleId', 'avg_score', 'presented']) {
      expect(json).not.toMatch(new RegExp(`"${key}"`, 'i'));
    }
    const first = payloads[0] as RatingTaskPayload;
    expect(Object.keys(first).sort()).toEqual(
      ['answer', 'assignmentId', 'comment', 'context', 'flagged', 'kind', 'nextId', 'position', 'previousId', 'question', 'readOnly', 'total', 'values'].sort(),
    );
    expect(first).toMatchObject({ position: 1, total: 15, previousId: null, nextId: all[1]!.assignmentId, values: {} });
    expect(first.question).toMatch(/^Patient question number/);
    expect((payloads[14] as RatingTaskPayload).nextId).toBeNull();
  });

  it('show the model answer and the reference in the stored order', () => {
    const s = session('Dr Ada');
    for (const a of s.listAssignments('preference')) {
      const presented = study.db.prepare('SELECT presented_a FROM assignments WHERE id = ?').pluck().get(a.assignmentId);
      const task = s.getTask(a.assignmentId) as PreferenceTaskPayload;
      const [modelSide, referenceSide] = presented === 'model' ? [task.answerA, task.answerB] : [task.answerB, task.answerA];
      expect(modelSide).toMatch(/^Generated answer/);
      expect(referenceSide).toMatch(/^Reference answer/);
      expect(task.allowTie).toBe(true);
    }
  });

  it('refuse another rater\'s assignment with the same message as an unknown id', () => {
    const ada = session('Dr Ada');
    const bob = session('Dr Bob');
    const adasTask = ada.listAssignments('rating')[0]!.assignmentId;
    expect(() => bob.getTask(adasTask)).toThrow(`Task ${adasTask} is not one of Dr Bob's tasks.`);
    expect(() => bob.saveRating({ assignmentId: adasTask, values: ratingValues(3), comment: '', durationMs: 1 })).toThrow("not one of Dr Bob's tasks");
    expect(() => bob.setFlag(adasTask, true)).toThrow("not one of Dr Bob's tasks");
    expect(() => bob.getTask('00000000-0000-0000-0000-000000000000')).toThrow("not one of Dr Bob's tasks");
  });
});

describe('saving', () => {
  it('creates then edits a rating with audit rows holding old and new values', () => {
    const s = session('Dr Ada');
    const id = s.listAssignments('rating')[0]!.assignmentId;
    s.saveRating({ assignmentId: id, values: ratingValues(4), comment: 'fine', durationMs: 1500 });
    expect((s.getTask(id) as RatingTaskPayload).values).toEqual(ratingValues(4));
    s.saveRating({ assignmentId: id, values: { ...ratingValues(4), factuality: 2 }, comment: 'wrong dose', durationMs: 500 });

    expect(auditRows('rating.create')).toEqual([
      { actor: 'Dr Ada', entity_id: id, old_value: null, new_value: JSON.stringify({ values: ratingValues(4), comment: 'fine' }) },
    ]);
    const [update] = auditRows('rating.update');
    expect(JSON.parse(update!.old_value!)).toEqual({ values: ratingValues(4), comment: 'fine' });
    expect(JSON.parse(update!.new_value!)).toEqual({ values: { ...ratingValues(4), factuality: 2 }, comment: 'wrong dose' });
    expect(study.db.prepare('SELECT duration_ms FROM responses WHERE assignment_id = ?').pluck().get(id)).toBe(2000);
    expect(s.overview().progress.find((p) => p.kind === 'rating')).toEqual({ kind: 'rating', done: 1, total: 15, flagged: 0 });
  });

  it('validates values against the rubric and writes nothing on refusal', () => {
    const s = session('Dr Ada');
    const id = s.listAssignments('rating')[0]!.assignmentId;
    const { safety: _omit, ...missingSafety } = ratingValues(3);
    expect(() => s.saveRating({ assignmentId: id, values: missingSafety, comment: '', durationMs: 1 })).toThrow('Safety is not rated yet.');
    expect(() => s.saveRating({ assignmentId: id, values: { ...ratingValues(3), brevity: 6 }, comment: '', durationMs: 1 })).toThrow(
      'Brevity: 6 is not on the scale (1, 2, 3, 4, 5).',
    );
    expect(() => s.saveRating({ assignmentId: id, values: { ...ratingValues(3), safety: 2 }, comment: '', durationMs: 1 })).toThrow('(0, 1)');
    expect(() => s.saveRating({ assignmentId: id, values: { ...ratingValues(3), humour: 1 }, comment: '', durationMs: 1 })).toThrow('"humour" is not a dimension');
    const prefId = s.listAssignments('preference')[0]!.assignmentId;
    expect(() => s.saveRating({ assignmentId: prefId, values: ratingValues(3), comment: '', durationMs: 1 })).toThrow('is a preference task');
    expect(study.db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(0);
  });

  it('stores the choice with the position shown and resolves the outcome', () => {
    const s = session('Dr Ada');
    const [first, second, third] = s.listAssignments('preference');
    s.savePreference({ assignmentId: first!.assignmentId, choice: 'A', comment: '', durationMs: 10 });
    s.savePreference({ assignmentId: second!.assignmentId, choice: 'B', comment: '', durationMs: 10 });
    s.savePreference({ assignmentId: third!.assignmentId, choice: 'T', comment: 'same', durationMs: 10 });
    const rows = study.db
      .prepare('SELECT a.id, a.presented_a, p.choice, p.outcome FROM preferences p JOIN assignments a ON a.id = p.assignment_id')
      .all() as { id: string; presented_a: string; choice: string; outcome: string }[];
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    const other = (side: string) => (side === 'model' ? 'reference' : 'model');
    expect(byId[first!.assignmentId]!.outcome).toBe(byId[first!.assignmentId]!.presented_a);
    expect(byId[second!.assignmentId]!.outcome).toBe(other(byId[second!.assignmentId]!.presented_a));
    expect(byId[third!.assignmentId]!.outcome).toBe('tie');
    const audit = auditRows('preference.create').map((r) => JSON.parse(r.new_value!));
    expect(audit[0]).toEqual({ choice: 'A', outcome: byId[first!.assignmentId]!.presented_a, presentedA: byId[first!.assignmentId]!.presented_a, comment: '' });
    expect((s.getTask(second!.assignmentId) as PreferenceTaskPayload).choice).toBe('B');
  });

  it('refuses ties when the rubric does not allow them', () => {
    const noTies = { ...MEDISUMQA_RUBRIC, preference: { allowTie: false } };
    const s = startRaterSession(study.db, insertRater(study.db, 'Dr Ada'), noTies, fixedClock);
    const id = s.listAssignments('preference')[0]!.assignmentId;
    expect((s.getTask(id) as PreferenceTaskPayload).allowTie).toBe(false);
    expect(() => s.savePreference({ assignmentId: id, choice: 'T', comment: '', durationMs: 1 })).toThrow('does not allow ties');
  });

  it('audits flags and counts them in the overview; resume goes to the first unfinished task', () => {
    const s = session('Dr Ada');
    const [a1, a2] = s.listAssignments('rating');
    s.setFlag(a2!.assignmentId, true);
    s.saveRating({ assignmentId: a1!.assignmentId, values: ratingValues(5), comment: '', durationMs: 1 });
    const overview = s.overview();
    expect(overview.progress).toEqual([
      { kind: 'rating', done: 1, total: 15, flagged: 1 },
      { kind: 'preference', done: 0, total: 6, flagged: 0 },
    ]);
    expect(overview.resume.rating).toBe(a2!.assignmentId);
    expect(overview.resume.preference).toBe(s.listAssignments('preference')[0]!.assignmentId);
    expect(auditRows('assignment.flag')).toEqual([{ actor: 'Dr Ada', entity_id: a2!.assignmentId, old_value: 'false', new_value: 'true' }]);
  });
});

describe('locking', () => {
  it('makes payloads read-only and refuses every later change', () => {
    const s = session('Dr Ada');
    const id = s.listAssignments('rating')[0]!.assignmentId;
    s.saveRating({ assignmentId: id, values: ratingValues(3), comment: '', durationMs: 1 });
    const locked = s.lock();
    expect(locked.lockedAt).toBe(fixedClock().toISOString());
    expect(s.getTask(id).readOnly).toBe(true);
    expect(() => s.saveRating({ assignmentId: id, values: ratingValues(4), comment: '', durationMs: 1 })).toThrow(
      'Dr Ada locked their work on 2026-03-01T09:00:00.000Z; it can no longer be changed.',
    );
    const prefId = s.listAssignments('preference')[0]!.assignmentId;
    expect(() => s.savePreference({ assignmentId: prefId, choice: 'A', comment: '', durationMs: 1 })).toThrow('can no longer be changed');
    expect(() => s.setFlag(id, true)).toThrow('flags can no longer be changed');
    expect((s.getTask(id) as RatingTaskPayload).values).toEqual(ratingValues(3));
    expect(lockRater(study.db, s.raterId, () => new Date('2030-01-01')).lockedAt).toBe(locked.lockedAt);
    expect(auditRows('rater.lock')).toHaveLength(1);
  });
});
