import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { buildDemoStudy, DEMO_INSTRUCTIONS, DEMO_STUDY_NAME } from '../../../electron/services/demo';
import { openStudy, readActiveRubric, readStudyName } from '../../../electron/services/study';
import { DEMO_CATEGORIES } from '../../../shared/demo/cases';
import { DEMO_MODELS } from '../../../shared/demo/generate';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { fixedClock, freshFolder, PASSPHRASE } from './helpers';

async function demoStudy(): Promise<StudyDb> {
  const path = join(freshFolder(), 'demo.db');
  await buildDemoStudy(path, PASSPHRASE, fixedClock);
  return openStudy(path, PASSPHRASE);
}

function sampleKeys(db: StudyDb): string[] {
  return db
    .prepare(
      `SELECT s.task || '/' || o.model || '/' || o.item_id || '/' || t.bin FROM tasks t
       JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id ORDER BY 1`,
    )
    .pluck()
    .all() as string[];
}

describe('buildDemoStudy', () => {
  it('creates a MeDiSumQA-rubric study (with rater instructions) with every category, 4+ models, and rating and preference samples', async () => {
    const db = await demoStudy();
    expect(readStudyName(db)).toBe(DEMO_STUDY_NAME);
    expect(readActiveRubric(db)).toEqual({ ...MEDISUMQA_RUBRIC, instructions: DEMO_INSTRUCTIONS });
    expect(db.prepare('SELECT DISTINCT category FROM items ORDER BY category').pluck().all()).toEqual(
      [...DEMO_CATEGORIES].sort(),
    );
    expect(db.prepare('SELECT count(DISTINCT model) FROM outputs').pluck().get()).toBe(DEMO_MODELS.length);
    expect(db.prepare(`SELECT count(*) FROM items WHERE context LIKE '%Brief Hospital Course:%'`).pluck().get()).toBe(
      30,
    );
    const tasks = Object.fromEntries(
      (
        db
          .prepare('SELECT s.task, count(*) AS n FROM tasks t JOIN samples s ON s.id = t.sample_id GROUP BY s.task')
          .all() as Array<{ task: string; n: number }>
      ).map((r) => [r.task, r.n]),
    );
    expect(tasks).toEqual({ rating: 5 * 2 * DEMO_MODELS.length, preference: 5 * 1 * DEMO_MODELS.length });
    expect(
      db
        .prepare('SELECT count(*) FROM (SELECT output_id FROM tasks GROUP BY output_id HAVING count(*) > 1)')
        .pluck()
        .get(),
    ).toBe(0);
    db.close();
  });

  it('gives better models higher automatic scores', async () => {
    const db = await demoStudy();
    const means = db
      .prepare(
        `SELECT o.model, avg(s.value) AS mean FROM output_scores s JOIN outputs o ON o.id = s.output_id
         WHERE s.metric IN ('rouge1', 'umls_f1') GROUP BY o.model`,
      )
      .all() as Array<{ model: string; mean: number }>;
    const bySkill = [...DEMO_MODELS].sort((a, b) => a.skill - b.skill).map((m) => m.name);
    expect([...means].sort((a, b) => a.mean - b.mean).map((m) => m.model)).toEqual(bySkill);
    db.close();
  });

  it('is identical on every build', async () => {
    const a = await demoStudy();
    const b = await demoStudy();
    expect(sampleKeys(a)).toEqual(sampleKeys(b));
    expect(sampleKeys(a).length).toBe(60);
    a.close();
    b.close();
  });
});
