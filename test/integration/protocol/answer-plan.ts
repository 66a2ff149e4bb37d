/**
 * Test helper: answers every assignment of a study's plan as merged packages would have (responses,
 * ratings, preferences and pairwise choices written directly with SQL, as simulate-ratings.ts does), from
 * a seeded PRNG; better answers in higher bins, each rater a little differently, so the analysis has
 * something to say. A pairwise choice favours the answer shown at A a little, ties one in five, and marks
 * both unacceptable one in ten; with a multi-aspect rubric each aspect gets an A/B/tie choice of its own.
 */
import type { StudyDb } from '../../../db/connection';
import { createPrng, deriveSeed } from '../../../shared/prng';
import { readActiveRubric } from '../../../electron/services/study';

interface AssignmentRow {
  id: string;
  rater: string;
  task: 'rating' | 'preference' | 'pairwise';
  bin: number;
  bins: number;
  presentedA: 'model' | 'reference' | null;
  position: number;
}

/** Returns the number of rating values, preference choices and pairwise choices written. */
export function answerEveryAssignment(
  db: StudyDb,
  seed = 5,
): { ratings: number; preferences: number; pairwise: number } {
  const rubric = readActiveRubric(db);
  const assignments = db
    .prepare(
      `SELECT a.id, r.name AS rater, s.task, t.bin, s.bins, a.presented_a AS presentedA, a.position
       FROM assignments a JOIN raters r ON r.id = a.rater_id JOIN tasks t ON t.id = a.task_id
       JOIN samples s ON s.id = t.sample_id ORDER BY r.id, a.position`,
    )
    .all() as AssignmentRow[];
  let ratings = 0;
  let preferences = 0;
  let pairwise = 0;
  db.transaction(() => {
    for (const a of assignments) {
      const prng = createPrng(deriveSeed(seed, `${a.rater}/${a.id}`));
      const at = new Date(Date.UTC(2026, 2, 2, 9, 0, a.position)).toISOString();
      db.prepare(
        'INSERT INTO responses (assignment_id, duration_ms, submitted_at, updated_at) VALUES (?, ?, ?, ?)',
      ).run(a.id, 15_000 + prng.nextInt(45_000), at, at);
      const quality = a.bins > 1 ? (a.bin - 1) / (a.bins - 1) : 0.5;
      if (a.task === 'rating') {
        for (const dimension of rubric.dimensions) {
          const value =
            dimension.kind === 'binary'
              ? Number(prng.nextFloat() < 0.7 + 0.25 * quality)
              : Math.min(5, Math.max(1, Math.round(1.6 + 3 * quality) + prng.nextInt(3) - 1));
          db.prepare('INSERT INTO ratings (assignment_id, dimension, value) VALUES (?, ?, ?)').run(
            a.id,
            dimension.key,
            value,
          );
          ratings += 1;
        }
      } else if (a.task === 'pairwise') {
        const u = prng.nextFloat();
        db.prepare('INSERT INTO pairwise_choices (assignment_id, choice, both_unacceptable) VALUES (?, ?, ?)').run(
          a.id,
          u < 0.45 ? 'A' : u < 0.8 ? 'B' : 'T',
          Number(prng.nextFloat() < 0.1),
        );
        // A multi-aspect rubric: a choice per aspect too, drawn on its own (so it often differs from overall).
        for (const aspect of rubric.pairwise?.aspects ?? []) {
          db.prepare('INSERT INTO pairwise_aspect_choices (assignment_id, dimension, choice) VALUES (?, ?, ?)').run(
            a.id,
            aspect,
            (['A', 'B', 'T'] as const)[prng.nextInt(3)],
          );
        }
        pairwise += 1;
      } else {
        const u = prng.nextFloat();
        const outcome = u < 0.2 + 0.5 * quality ? 'model' : u < 0.3 + 0.5 * quality ? 'tie' : 'reference';
        const choice = outcome === 'tie' ? 'T' : (outcome === 'model') === (a.presentedA === 'model') ? 'A' : 'B';
        db.prepare('INSERT INTO preferences (assignment_id, choice, outcome) VALUES (?, ?, ?)').run(
          a.id,
          choice,
          outcome,
        );
        preferences += 1;
      }
    }
  })();
  return { ratings, preferences, pairwise };
}
