/**
 * A rater's app killed mid-save leaves a package file that is whole only together with its -journal (or
 * not yet written back). Merging that file, alone or with the -journal, is refused with what to do, and
 * the master stays byte-identical; opened and closed again on the rater's side, it merges every save the
 * app acknowledged.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { mergePackages } from '../../../electron/services/merge';
import { assignStudy, createSeededStudy, openPackageFile, PASSPHRASE, packFor, ratingValues } from '../session/fixture';
import { startServer } from './crash-loop';

const TAKEN_WHILE_OPEN =
  "this copy was taken while BlindRate had it open on the rater's computer (or BlindRate stopped without closing it): open the package there, close it, and send the file again.";

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('a package left by an app killed mid-save', () => {
  it('is refused alone and with its -journal, naming what to do; closed by the app, it merges every acknowledged save', async () => {
    const study = createSeededStudy();
    assignStudy(study, ['Dr Crash']);
    const pkg = packFor(study, 'Dr Crash');
    pkg.close();
    study.db.close();
    const folder = dirname(study.path);
    try {
      const rendererDir = join(folder, 'renderer');
      mkdirSync(rendererDir);
      writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>torn</title>');
      const server = await startServer(pkg.path, rendererDir);
      const summary = (await server.call('unlockStudy', {
        path: pkg.path,
        passphrase: pkg.passphrase,
        remember: false,
      })) as { rater: { id: number } };
      await server.call('startSession', summary.rater.id);
      const tasks = (await server.call('listAssignments', 'rating')) as Array<{ assignmentId: string }>;
      const acknowledged = new Map<string, string>();
      let saves = 0;
      const saving = (async () => {
        for (;;) {
          const assignmentId = tasks[saves % tasks.length]!.assignmentId;
          const comment = `save ${saves++}`;
          await server.call('saveRating', { assignmentId, values: ratingValues(3), comment, durationMs: 10 });
          acknowledged.set(assignmentId, comment);
        }
      })().catch(() => undefined);
      while (acknowledged.size < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      await server.kill();
      await saving;

      // What the rater might send: the file alone, or the file with the -journal the killed app left.
      const alone = join(folder, 'alone');
      const withJournal = join(folder, 'with-journal');
      mkdirSync(alone);
      mkdirSync(withJournal);
      copyFileSync(pkg.path, join(alone, basename(pkg.path)));
      copyFileSync(pkg.path, join(withJournal, basename(pkg.path)));
      expect(existsSync(`${pkg.path}-journal`)).toBe(true);
      copyFileSync(`${pkg.path}-journal`, join(withJournal, `${basename(pkg.path)}-journal`));

      const masterBefore = digest(study.path);
      const master = openStudyDatabase(study.path, PASSPHRASE);
      try {
        for (const sent of [alone, withJournal])
          expect(() => mergePackages(master, [join(sent, basename(pkg.path))], () => new Date())).toThrow(
            `Dr-Crash.blindrate: ${TAKEN_WHILE_OPEN}`,
          );
      } finally {
        master.close();
      }
      expect(digest(study.path)).toBe(masterBefore);

      // Opened and closed on the rater's computer, the package merges, every acknowledged save included.
      openPackageFile(pkg.path, undefined, pkg.passphrase).close();
      const master2 = openStudyDatabase(study.path, PASSPHRASE);
      try {
        // Saves are sequential, so at most one more than the acknowledged ones was committed: the save in
        // flight when the app was killed may have reached the disk before its answer reached the caller.
        const { answersAdded } = mergePackages(master2, [pkg.path], () => new Date())[0]!;
        expect(answersAdded).toBeGreaterThanOrEqual(acknowledged.size);
        expect(answersAdded).toBeLessThanOrEqual(acknowledged.size + 1);
        for (const [assignmentId, comment] of acknowledged) {
          const stored = master2
            .prepare('SELECT comment FROM responses WHERE assignment_id = ?')
            .pluck()
            .get(assignmentId) as string;
          expect(Number(stored.slice('save '.length)), assignmentId).toBeGreaterThanOrEqual(
            Number(comment.slice('save '.length)),
          );
        }
      } finally {
        master2.close();
      }
    } finally {
      study.cleanup();
    }
  }, 120_000);
});
