/**
 * Crash loop (see crash-loop.ts): SIGKILL at seeded random moments while ratings are being saved;
 * afterwards every acknowledged save is in the rater's package and its audit log, and the file is intact.
 * `npm run soak` runs it with BLINDRATE_CRASH_ROUNDS=40.
 */
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { assignStudy, createSeededStudy, packFor } from '../session/fixture';
import { runCrashLoop } from './crash-loop';

const ROUNDS = Number(process.env.BLINDRATE_CRASH_ROUNDS ?? 10);

describe('crash loop', () => {
  it(`loses no acknowledged save over ${ROUNDS} SIGKILLs, and the study stays intact`, async () => {
    const study = createSeededStudy();
    assignStudy(study, ['Dr Crash']);
    const pkg = packFor(study, 'Dr Crash');
    pkg.close();
    study.db.close();
    try {
      const { acknowledged, unanswered } = await runCrashLoop(
        pkg.path,
        pkg.passphrase,
        dirname(study.path),
        ROUNDS,
        2026,
      );
      expect(acknowledged.length).toBeGreaterThan(ROUNDS);

      const db = openStudyDatabase(pkg.path, pkg.passphrase, { kind: 'package' });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const audited = new Set(
          (db.prepare("SELECT new_value FROM audit_log WHERE action LIKE 'rating.%'").pluck().all() as string[]).map(
            (value) => (JSON.parse(value) as { comment: string }).comment,
          ),
        );
        const missing = acknowledged.filter((save) => !audited.has(save.comment));
        expect(missing).toEqual([]);
        const attempted = new Set([...acknowledged, ...unanswered].map((save) => save.comment));
        expect([...audited].filter((comment) => !attempted.has(comment))).toEqual([]);

        // Each answer holds the last acknowledged save of its task, or a later one that was sent but not answered.
        const lastAcknowledged = new Map(acknowledged.map((save) => [save.assignmentId, save]));
        const order = (comment: string) => Number(comment.slice('save '.length));
        for (const [assignmentId, save] of lastAcknowledged) {
          const stored = db
            .prepare('SELECT comment FROM responses WHERE task_id = ?')
            .pluck()
            .get(assignmentId) as string;
          expect(order(stored), assignmentId).toBeGreaterThanOrEqual(order(save.comment));
          const storedSave = [...acknowledged, ...unanswered].find((s) => s.comment === stored)!;
          const values = db
            .prepare('SELECT dimension, value FROM ratings WHERE task_id = ?')
            .all(assignmentId) as Array<{ value: number; dimension: string }>;
          expect(
            values.filter((v) => v.dimension !== 'safety').every((v) => v.value === storedSave.level),
            assignmentId,
          ).toBe(true);
        }
      } finally {
        db.close();
      }
    } finally {
      study.cleanup();
    }
  }, 120_000);
});
