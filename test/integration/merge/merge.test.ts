import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAuditRowsOf } from '../../../db/audit';
import { readMeta } from '../../../db/meta';
import { mergeRaterCopies } from '../../../electron/services/merge';
import { readStudyStatus } from '../../../electron/services/study-status';
import { createSeededStudy } from '../session/fixture';
import {
  ADA_CLOCK,
  answersOf,
  BOB_CLOCK,
  clockAt,
  masterAndRatedLaptops,
  onLaptop,
  openCopy,
  openMaster,
  rateFirst,
  sessionOf,
  studyContents,
} from './laptops';

const MERGE_CLOCK = clockAt('2026-03-10T12:00:00.000Z');

function mergeRows(db: ReturnType<typeof openMaster>) {
  return (db.prepare(`SELECT at, actor, new_value FROM audit_log WHERE action = 'study.merge' ORDER BY id`).all() as {
    at: string;
    actor: string;
    new_value: string;
  }[]).map((row) => ({ ...row, new_value: JSON.parse(row.new_value) as Record<string, unknown> }));
}

describe('study identity', () => {
  it('gives each new study a random id that copies of the file keep', () => {
    const one = createSeededStudy();
    const other = createSeededStudy();
    const id = readMeta(one.db, 'study_id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(readMeta(other.db, 'study_id')).not.toBe(id);
    one.db.close();
    const copy = join(dirname(one.path), 'copy.db');
    copyFileSync(one.path, copy);
    expect(onLaptop(copy, (db) => readMeta(db, 'study_id'))).toBe(id);
    one.cleanup();
    other.cleanup();
  });
});

describe('mergeRaterCopies', () => {
  it('fills a pre-registered rater and adds a new one, with their answers, flags, lock and audit rows', () => {
    const laptops = masterAndRatedLaptops();
    const master = openMaster(laptops.master);
    const ada = openCopy(laptops.ada);
    const bob = openCopy(laptops.bob);

    const summary = mergeRaterCopies(master, [ada, bob], MERGE_CLOCK);

    const none = { ratersAdded: 0, skippedIdentical: 0, conflictsResolved: 0, flagsAdded: 0, locksTaken: 0 };
    expect(summary.copies).toEqual([
      { path: laptops.ada, ...none, assignmentsAdded: 21, ratingsAdded: 4, preferencesAdded: 2, locksTaken: 1, auditRowsAppended: 8 },
      { path: laptops.bob, ...none, ratersAdded: 1, assignmentsAdded: 21, ratingsAdded: 3, preferencesAdded: 1, auditRowsAppended: 5 },
    ]);
    // Same assignment ids, positions, answer order, flags, responses and times as on the laptops.
    for (const [copy, name] of [[ada, 'Dr Ada'], [bob, 'Dr Bob']] as const) {
      expect(answersOf(master, name)).toEqual(answersOf(copy.db, name));
      expect(master.prepare('SELECT a.id FROM assignments a JOIN raters r ON r.id = a.rater_id WHERE r.name = ? ORDER BY a.id').pluck().all(name)).toEqual(
        copy.db.prepare('SELECT a.id FROM assignments a JOIN raters r ON r.id = a.rater_id WHERE r.name = ? ORDER BY a.id').pluck().all(name),
      );
      expect(readAuditRowsOf(master, name)).toEqual(readAuditRowsOf(copy.db, name));
    }
    const status = readStudyStatus(master, MERGE_CLOCK);
    expect(status.raters.map((r) => [r.rater.name, r.rater.lockedAt, r.progress.map((p) => [p.kind, p.done, p.total, p.flagged])])).toEqual([
      ['Dr Ada', ADA_CLOCK().toISOString(), [['rating', 4, 15, 1], ['preference', 2, 6, 0]]],
      ['Dr Bob', null, [['rating', 3, 15, 0], ['preference', 1, 6, 0]]],
    ]);
    expect(status.samples.map((s) => [s.id, s.task, s.tasks, s.answers])).toEqual([[1, 'rating', 15, 7], [2, 'preference', 6, 3]]);
    const merges = mergeRows(master);
    expect(merges.map((m) => [m.at, m.actor, m.new_value.copy])).toEqual([
      [MERGE_CLOCK().toISOString(), 'coordinator', laptops.ada],
      [MERGE_CLOCK().toISOString(), 'coordinator', laptops.bob],
    ]);
    const { path: _path, ...bobCounts } = summary.copies[1]!;
    expect(merges[1]!.new_value).toMatchObject({ counts: bobCounts, conflicts: [], assignmentIds: {} });
    // Bob's laptop also holds the pre-registered Ada, who did nothing there.
    expect(merges[1]!.new_value.raters).toEqual([{ name: 'Dr Ada', copy: 1, master: 1 }, { name: 'Dr Bob', copy: 2, master: 2 }]);
  });

  it('adds nothing when the same copies are merged again', () => {
    const laptops = masterAndRatedLaptops();
    const master = openMaster(laptops.master);
    const copies = [openCopy(laptops.ada), openCopy(laptops.bob)];
    mergeRaterCopies(master, copies, MERGE_CLOCK);
    const afterFirst = studyContents(master);

    const again = mergeRaterCopies(master, copies, clockAt('2026-03-11T12:00:00.000Z'));

    const zero = { ratersAdded: 0, assignmentsAdded: 0, ratingsAdded: 0, preferencesAdded: 0, conflictsResolved: 0, flagsAdded: 0, locksTaken: 0, auditRowsAppended: 0 };
    expect(again.copies).toEqual([
      { path: laptops.ada, ...zero, skippedIdentical: 6 },
      { path: laptops.bob, ...zero, skippedIdentical: 4 },
    ]);
    expect(studyContents(master)).toEqual(afterFirst);
  });

  it('stops at a response that differs, in one line naming copy, rater and task, and leaves the master unchanged', () => {
    const laptops = masterAndRatedLaptops();
    // Ada also rated her first task on the coordinator's machine, differently (same order: same name, same seed).
    onLaptop(laptops.master, (db) => rateFirst(sessionOf(db, 'Dr Ada', clockAt('2026-03-05T09:00:00.000Z')), 1, 1));
    const master = openMaster(laptops.master);
    const before = studyContents(master);

    expect(() => mergeRaterCopies(master, [openCopy(laptops.bob), openCopy(laptops.ada)], MERGE_CLOCK)).toThrow(
      `${laptops.ada}: Dr Ada's rating task 1 differs from the master's; merge with --prefer-latest to keep the later one.`,
    );
    expect(studyContents(master)).toEqual(before);
  });

  it('with preferLatest keeps the later version of each differing response and records the one that lost', () => {
    const laptops = masterAndRatedLaptops();
    // On the master: task 1 rated after the laptop (master wins), task 2 before it (laptop wins).
    onLaptop(laptops.master, (db) => {
      rateFirst(sessionOf(db, 'Dr Ada', clockAt('2026-03-05T09:00:00.000Z')), 1, 1);
      const early = sessionOf(db, 'Dr Ada', clockAt('2026-03-02T09:00:00.000Z'));
      const second = early.listAssignments('rating')[1]!.assignmentId;
      early.saveRating({ assignmentId: second, values: { factuality: 5, brevity: 5, patient_friendliness: 5, relevance: 5, safety: 0 }, comment: 'early', durationMs: 10 });
    });
    const master = openMaster(laptops.master);
    const ada = openCopy(laptops.ada);

    const summary = mergeRaterCopies(master, [ada], MERGE_CLOCK, { preferLatest: true });

    expect(summary.copies[0]).toMatchObject({ conflictsResolved: 2, ratingsAdded: 2, preferencesAdded: 2, skippedIdentical: 0 });
    const ratingsByTask = (db: typeof master) =>
      db.prepare(`SELECT r.comment FROM assignments a JOIN responses r ON r.assignment_id = a.id JOIN raters w ON w.id = a.rater_id
                  JOIN tasks t ON t.id = a.task_id WHERE w.name = 'Dr Ada' AND t.sample_id = 1 ORDER BY a.position`).pluck().all();
    expect(ratingsByTask(master)).toEqual(['level 1', 'level 4', 'level 4', 'level 4']);
    const [merge] = mergeRows(master);
    const conflicts = merge!.new_value.conflicts as { position: number; kept: string; lost: { comment: string; updated_at: string } }[];
    expect(conflicts.map((c) => [c.position, c.kept, c.lost.comment, c.lost.updated_at])).toEqual([
      [1, 'master', 'level 4', ADA_CLOCK().toISOString()],
      [2, 'copy', 'early', '2026-03-02T09:00:00.000Z'],
    ]);
    // Both files dealt Ada's tasks under their own ids: the merge row maps the copy's to the master's.
    expect(Object.keys(merge!.new_value.assignmentIds as object)).toHaveLength(21);
  });

  it('refuses a copy of another study, or with other samples or tasks, naming the file and changing nothing', () => {
    const laptops = masterAndRatedLaptops();
    const stranger = createSeededStudy();
    stranger.db.close();
    onLaptop(laptops.bob, (db) => db.prepare('UPDATE samples SET per_bin = 9 WHERE id = 2').run());
    const tasksChanged = join(dirname(laptops.ada), 'tasks-changed.db');
    copyFileSync(laptops.ada, tasksChanged);
    // Task 2 is the first preference task (items 1–2); output 15 belongs to item 5.
    onLaptop(tasksChanged, (db) => db.prepare('UPDATE tasks SET output_id = 15 WHERE id = 2').run());
    const master = openMaster(laptops.master);
    const before = studyContents(master);
    const masterId = readMeta(master, 'study_id')!;
    const strangerId = onLaptop(stranger.path, (db) => readMeta(db, 'study_id'));

    const attempt = (path: string) => () => mergeRaterCopies(master, [openCopy(laptops.ada), openCopy(path)], MERGE_CLOCK);
    expect(attempt(stranger.path)).toThrow(`${stranger.path} is not a copy of this study (study id ${strangerId}, the master's is ${masterId}).`);
    expect(attempt(laptops.bob)).toThrow(`${laptops.bob} differs from the master in sample #2; merge needs the same samples.`);
    expect(attempt(tasksChanged)).toThrow(`${tasksChanged} differs from the master in task #2; merge needs the same tasks.`);
    expect(studyContents(master)).toEqual(before);
    stranger.cleanup();
  });

  it('merges Bob on the coordinator machine and on his laptop into one rater with both sets of answers', () => {
    const laptops = masterAndRatedLaptops();
    // Bob was created independently on the master and rated a task the laptop did not reach.
    onLaptop(laptops.master, (db) => {
      const bob = sessionOf(db, 'dr bob', BOB_CLOCK);
      const last = bob.listAssignments('rating').at(-1)!;
      bob.saveRating({ assignmentId: last.assignmentId, values: { factuality: 3, brevity: 3, patient_friendliness: 3, relevance: 3, safety: 1 }, comment: '', durationMs: 1 });
    });
    const master = openMaster(laptops.master);
    const preferenceOrder = `SELECT a.task_id, a.presented_a, p.choice, p.outcome FROM preferences p JOIN assignments a ON a.id = p.assignment_id`;
    const laptopPreferences = onLaptop(laptops.bob, (db) => db.prepare(preferenceOrder).all()) as { task_id: number; presented_a: string }[];
    // Dealt independently, the master may show that preference task in the other answer order: make sure it does.
    const other = laptopPreferences[0]!.presented_a === 'model' ? 'reference' : 'model';
    master.prepare('UPDATE assignments SET presented_a = ? WHERE task_id = ?').run(other, laptopPreferences[0]!.task_id);

    const summary = mergeRaterCopies(master, [openCopy(laptops.bob)], MERGE_CLOCK);

    expect(summary.copies[0]).toMatchObject({ ratersAdded: 0, assignmentsAdded: 0, ratingsAdded: 3, preferencesAdded: 1 });
    expect(master.prepare('SELECT name FROM raters ORDER BY id').pluck().all()).toEqual(['Dr Ada', 'dr bob']);
    const [bob] = readStudyStatus(master, MERGE_CLOCK).raters.filter((r) => r.rater.name === 'dr bob');
    expect(bob!.progress.map((p) => p.done)).toEqual([4, 1]);
    // The preference was made under the laptop's answer order, so the master's assignment now carries it.
    expect(master.prepare(preferenceOrder).all()).toEqual(laptopPreferences);
  });
});
