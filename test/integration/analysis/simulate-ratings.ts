/**
 * Test helper: fills a sampled study with ratings and preference choices written directly with SQL
 * (the way the session service would store them), from a seeded PRNG, so analysis and report tests
 * run on a realistic study without driving the rating UI. Better ratings go to higher bins, so the
 * charts have a trend; one rater skips some tasks, so ratings are missing.
 */
import type { StudyDb } from '../../../db/connection';
import type { TaskKind } from '../../../shared/domain';
import { createPrng, deriveSeed, type Prng } from '../../../shared/prng';
import { readActiveRubric } from '../../../electron/services/study';

export const SIMULATED_RATERS = ['dr.adams', 'dr.bé', 'dr.chen'] as const;

interface TaskRow {
  id: number;
  task: TaskKind;
  bin: number;
  bins: number;
}

/**
 * Writes raters, assignments, responses, ratings and preferences; returns how many of each. `likertRange`
 * clamps every Likert rating into a part of the scale (a study whose ratings do not span it).
 */
export function simulateRatings(
  db: StudyDb,
  seed = 1,
  likertRange: [number, number] = [1, 5],
): { ratings: number; preferences: number } {
  const rubric = readActiveRubric(db);
  const tasks = db
    .prepare('SELECT t.id, s.task, t.bin, s.bins FROM tasks t JOIN samples s ON s.id = t.sample_id ORDER BY t.id')
    .all() as TaskRow[];
  let ratings = 0;
  let preferences = 0;
  db.transaction(() => {
    SIMULATED_RATERS.forEach((rater, r) => {
      const prng = createPrng(deriveSeed(seed, rater));
      const raterId = Number(
        db.prepare('INSERT INTO raters (name, created_at) VALUES (?, ?)').run(rater, '2026-03-01T08:00:00.000Z')
          .lastInsertRowid,
      );
      tasks.forEach((task, position) => {
        // The third rater rates only every other task: missing ratings, fewer pairable units.
        if (r === 2 && position % 2 === 1) return;
        const assignmentId = `${rater}-${task.id}`;
        const presentedA = task.task === 'preference' ? (prng.nextInt(2) === 0 ? 'model' : 'reference') : null;
        db.prepare('INSERT INTO assignments (id, rater_id, task_id, position, presented_a) VALUES (?, ?, ?, ?, ?)').run(
          assignmentId,
          raterId,
          task.id,
          position + 1,
          presentedA,
        );
        const at = new Date(Date.UTC(2026, 2, 2 + r, 9, 0, position)).toISOString();
        db.prepare(
          'INSERT INTO responses (assignment_id, duration_ms, submitted_at, updated_at) VALUES (?, ?, ?, ?)',
        ).run(assignmentId, 20_000 + prng.nextInt(60_000), at, at);
        const quality = task.bins > 1 ? (task.bin - 1) / (task.bins - 1) : 0.5;
        if (task.task === 'rating') {
          for (const dimension of rubric.dimensions) {
            const value =
              dimension.kind === 'binary'
                ? prng.nextFloat() < 0.7 + 0.25 * quality
                  ? 1
                  : 0
                : Math.min(likertRange[1], Math.max(likertRange[0], likert(quality, r, prng)));
            db.prepare('INSERT INTO ratings (assignment_id, dimension, value) VALUES (?, ?, ?)').run(
              assignmentId,
              dimension.key,
              value,
            );
            ratings += 1;
          }
        } else {
          const u = prng.nextFloat();
          const outcome = u < 0.15 + 0.5 * quality ? 'model' : u < 0.3 + 0.5 * quality ? 'tie' : 'reference';
          const choice = outcome === 'tie' ? 'T' : (outcome === 'model') === (presentedA === 'model') ? 'A' : 'B';
          db.prepare('INSERT INTO preferences (assignment_id, choice, outcome) VALUES (?, ?, ?)').run(
            assignmentId,
            choice,
            outcome,
          );
          preferences += 1;
        }
      });
    });
  })();
  return { ratings, preferences };
}

/** 1–5: rises with the bin's quality; rater 1 is a little harsher; ±1 noise. */
function likert(quality: number, rater: number, prng: Prng): number {
  const noise = prng.nextInt(3) - 1;
  return Math.min(
    5,
    Math.max(1, Math.round(1.8 + 2.6 * quality) + noise - (rater === 1 && prng.nextInt(3) === 0 ? 1 : 0)),
  );
}
