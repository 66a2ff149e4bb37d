/**
 * Nothing readable is left on disk by accident: no plaintext SQLite temporaries (temp_store = MEMORY),
 * exports and their temporaries are 0600, and a stopped export leaves no partial file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync, watch, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTable } from '../../../electron/services/exporter';
import { importFiles } from '../../../electron/services/importer';
import { writeFileAtomically } from '../../../electron/services/atomic-file';
import { fixedClock, freshFolder, freshStudy, PASSPHRASE } from '../engine/helpers';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('SQLite temporary files', () => {
  it('are never written during a large export (SQLITE_TMPDIR watched): sorting 20 MB of text stays in memory', async () => {
    const { db, path, folder } = freshStudy();
    // 1000 outputs of 20 kB: the export's ORDER BY spills a sorter of this size to etilqs_* files without temp_store = MEMORY.
    const lines = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({
        item_id: `it${1000 - i}`,
        model: 'm',
        output: `${'x'.repeat(10_000)}${i}`,
        question: 'q',
        context: 'c'.repeat(10_000),
      }),
    );
    writeFileSync(join(folder, 'big.jsonl'), lines.join('\n'));
    await importFiles(db, [join(folder, 'big.jsonl')], { clock: fixedClock });
    db.close();

    const watched = join(folder, 'sqlite-tmp');
    mkdirSync(watched);
    const seen: string[] = [];
    const watcher = watch(watched, (_event, name) => seen.push(String(name)));
    try {
      const out = join(folder, 'outputs.csv');
      const run = spawnSync(
        process.execPath,
        ['electron/cli/blindrate.mjs', 'export', path, '--what', 'outputs', '--out', out],
        {
          env: { ...process.env, SQLITE_TMPDIR: watched, BLINDRATE_PASSPHRASE: PASSPHRASE },
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('Wrote 1000 rows');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual([]);
    } finally {
      watcher.close();
    }
  }, 60_000);
});

describe('export files', () => {
  it('are created owner-only (0600), exports and reports alike', async () => {
    const { db, folder } = freshStudy();
    const out = join(folder, 'audit.csv');
    await exportTable(db, { what: 'audit', format: 'csv', out });
    expect(mode(out)).toBe(0o600);
    writeFileAtomically(join(folder, 'report.html'), '<html></html>');
    expect(mode(join(folder, 'report.html'))).toBe(0o600);
    db.close();
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`leave no partial file when the process is stopped with ${signal} mid-write`, async () => {
      const folder = freshFolder();
      const target = join(folder, 'ratings.csv');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/integration/hardening/stalled-export.ts', target],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
      try {
        await new Promise<void>((resolve) =>
          child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('writing') && resolve()),
        );
        const [temporary] = readdirSync(folder);
        expect(temporary).toMatch(/^ratings\.csv\.blindrate-\d+-[0-9a-f]{12}\.tmp$/);
        expect(mode(join(folder, temporary!))).toBe(0o600);
        expect(readFileSync(join(folder, temporary!), 'utf8')).toBe('rater,item_id\n');

        child.kill(signal);
        expect(await exited).toBe(signal);
        expect(readdirSync(folder)).toEqual([]);
      } finally {
        // A failed check must not leave the stalled child running (vitest would wait for it).
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    }, 20_000);
  }
});
