/**
 * The coordinator workspace's Sample step and `blindrate sample --task pairwise` are one service call: the
 * same draft (models, bins, N per bin, pairs per item, seed) on two copies of one study draws the same
 * items and pairs of models, with the same stored parameters; the step's preview says
 * how many tasks the draw then makes.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StudyDb } from '../../../db/connection';
import { createCoordinatorApi } from '../../../electron/services/coordinator';
import { createFileHandles } from '../../../electron/services/file-handles';
import { createJobs } from '../../../electron/services/jobs';
import { openStudy } from '../../../electron/services/study';
import { MODELS, sevenModelStudy } from '../packages/pairwise-fixture';
import { fixedClock, PASSPHRASE } from '../session/fixture';

const CLI = new URL('../../../electron/cli/blindrate.mjs', import.meta.url).pathname;

/** The drawn pairs in a canonical order: tasks are stored in a secret order, so their ids say nothing of the draw. */
function pairwiseTasks(db: StudyDb) {
  return db
    .prepare(
      `SELECT o.item_id AS itemId, o.model AS first, ob.model AS second, t.bin, t.avg_score AS avgScore
       FROM tasks t JOIN samples s ON s.id = t.sample_id JOIN outputs o ON o.id = t.output_id
       JOIN outputs ob ON ob.id = t.output_b_id WHERE s.task = 'pairwise' ORDER BY itemId, first, second`,
    )
    .all();
}

function storedParameters(db: StudyDb) {
  return db
    .prepare(
      `SELECT task, bins, per_bin, metrics_json, seed, disjoint, models_json, pairs_per_item FROM samples WHERE task = 'pairwise'`,
    )
    .all();
}

describe('the Sample step of the coordinator workspace, pairwise', () => {
  it('draws what `blindrate sample --task pairwise` draws from the same draft', async () => {
    const study = sevenModelStudy();
    try {
      study.db.close();
      const viaCli = join(dirname(study.path), 'via-cli.db');
      copyFileSync(study.path, viaCli);
      const models = MODELS.slice(1, 6);
      const draft = {
        task: 'pairwise' as const,
        models,
        metrics: [],
        bins: 2,
        perBin: 3,
        pairsPerItem: 4,
        seed: 808,
        disjoint: true,
      };

      const db = openStudy(study.path, PASSPHRASE);
      try {
        const coordinator = createCoordinatorApi({
          clock: fixedClock,
          placement: undefined,
          master: () => ({ db, path: study.path, passphrase: PASSPHRASE }),
          openCreatedStudy: () => Promise.reject(new Error('No study is created here.')),
          files: createFileHandles(),
          jobs: createJobs(fixedClock),
          downloads: new Map(),
          newToken: () => 'token',
        });
        const preview = await coordinator.previewSample(draft);
        expect(preview.problem).toBeNull();
        expect(preview.tasks).toBe(2 * 3 * 4);
        expect(await coordinator.drawSample({ ...draft, replace: false })).toMatchObject({
          task: 'pairwise',
          seed: 808,
          tasks: preview.tasks,
        });

        const run = spawnSync(
          process.execPath,
          [CLI, 'sample', viaCli, '--task', 'pairwise', '--models', models.join(','), '--bins', '2'].concat([
            '--per-bin',
            '3',
            '--pairs-per-item',
            '4',
            '--seed',
            '808',
          ]),
          { encoding: 'utf8', env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE } },
        );
        expect(run.stderr).toBe('');
        const cliDb = openStudy(viaCli, PASSPHRASE);
        try {
          const drawn = pairwiseTasks(db);
          expect(drawn).toHaveLength(24);
          expect(storedParameters(cliDb)).toEqual(storedParameters(db));
          expect(pairwiseTasks(cliDb)).toEqual(drawn);
        } finally {
          cliDb.close();
        }
      } finally {
        db.close();
      }
    } finally {
      study.cleanup();
    }
  }, 60_000);
});
