/** An import killed with SIGKILL midway leaves the study with all of the file or none of it. */
import { spawn } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStudy } from '../../../electron/services/study';
import { freshStudy, PASSPHRASE } from '../engine/helpers';

const RECORDS = 20_000;

describe('import killed midway', () => {
  it('leaves all of the file or none of it, and an intact study', async () => {
    const { db, path, folder } = freshStudy();
    db.close();
    const file = join(folder, 'outputs.jsonl');
    const lines = Array.from({ length: RECORDS }, (_, i) =>
      JSON.stringify({ item_id: `q${i}`, model: 'm', output: `answer ${i} `.repeat(20), question: `question ${i}?` }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);

    const child = spawn(process.execPath, ['electron/cli/blindrate.mjs', 'import', path, file], {
      env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Kill once the import's transaction has started writing to the WAL.
    const wal = `${path}-wal`;
    const start = Date.now();
    while (!(existsSync(wal) && statSync(wal).size > 64 * 1024) && Date.now() - start < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const study = openStudy(path, PASSPHRASE);
    try {
      expect(study.pragma('integrity_check', { simple: true })).toBe('ok');
      const outputs = study.prepare('SELECT count(*) FROM outputs').pluck().get() as number;
      const items = study.prepare('SELECT count(*) FROM items').pluck().get() as number;
      const imports = study.prepare('SELECT count(*) FROM imports').pluck().get() as number;
      expect([outputs, items, imports]).toEqual([0, 0, 0]);
    } finally {
      study.close();
    }
  }, 60_000);
});
