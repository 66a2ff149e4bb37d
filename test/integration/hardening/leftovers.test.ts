/**
 * A process killed outright (SIGKILL, power loss) cannot remove its temporaries. What it leaves is
 * cleaned by the next write into the same folder, and never blocks a file name: plaintext export
 * temporaries, backup temporaries, and a package packed up to the master's commit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../../electron/services/atomic-file';
import { backUpStudy, listBackups } from '../../../electron/services/backups';
import { packRaterPackage } from '../../../electron/services/pack';
import { openStudy } from '../../../electron/services/study';
import { fixedClock, freshFolder, freshStudy } from '../engine/helpers';
import { assignStudy, createSeededStudy, PACKAGE_PASSPHRASE, PASSPHRASE } from '../session/fixture';

function startChild(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function saidSo(child: ChildProcess, word: string): Promise<void> {
  return new Promise((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(word) && resolve()),
  );
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The pid of a process that has just ended, so no process has it. */
function pidOfEndedProcess(): number {
  return Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
  );
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('after SIGKILL', () => {
  it("an export's plaintext temporary is removed by the next write into the folder; a running export's is left alone", async () => {
    const folder = freshFolder();
    const killed = startChild('test/integration/hardening/stalled-export.ts', [join(folder, 'ratings.csv')]);
    await saidSo(killed, 'writing');
    await killHard(killed);
    const [left] = readdirSync(folder);
    expect(left).toMatch(/^ratings\.csv\.blindrate-\d+-[0-9a-f]{12}\.tmp$/);
    const running = startChild('test/integration/hardening/stalled-export.ts', [join(folder, 'answers.csv')]);
    try {
      await saidSo(running, 'writing');
      writeFileAtomically(join(folder, 'report.html'), '<html></html>');
      const remaining = readdirSync(folder).sort();
      expect(remaining).toHaveLength(2);
      expect(remaining[0]).toMatch(/^answers\.csv\.blindrate-\d+-[0-9a-f]{12}\.tmp$/);
      expect(remaining[1]).toBe('report.html');
    } finally {
      running.kill('SIGKILL');
    }
  }, 60_000);

  it("a backup's temporary is removed by the next backup", () => {
    const { db, path, folder } = freshStudy();
    const stale = `${path}.backup-20250301T090000.000Z.db.blindrate-${pidOfEndedProcess()}-00c0ffee0123.tmp`;
    writeFileSync(stale, 'half a backup');
    backUpStudy(db, path, fixedClock);
    db.close();
    expect(readdirSync(folder).sort()).toEqual(['study.db', ...listBackups(path).map((p) => p.split('/').at(-1))]);
  });

  it('a package packed up to the master commit leaves no file at its name, which a second pack then takes', async () => {
    const study = createSeededStudy();
    try {
      assignStudy(study, ['Dr Ada']);
      study.db.close();
      const out = join(study.path, '..', 'Dr-Ada.blindrate');
      // Holding the master's write lock makes the child's commit of the package record wait.
      const holder = openStudy(study.path, PASSPHRASE);
      holder.exec('BEGIN IMMEDIATE');
      const child = startChild('test/integration/hardening/stalled-pack.ts', [study.path, out]);
      try {
        await saidSo(child, 'packing');
        const written = () =>
          readdirSync(join(study.path, '..')).find(
            (name) => name.startsWith('Dr-Ada.blindrate') && !name.endsWith('-journal'),
          );
        // Written once its size stops growing and no journal is beside it (the package's own commit is done).
        await until(() => {
          const name = written();
          if (!name || existsSync(join(study.path, '..', `${name}-journal`))) return false;
          return statSync(join(study.path, '..', name)).size > 8192;
        }, 'the package file');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await killHard(child);
      } finally {
        child.kill('SIGKILL');
        holder.exec('ROLLBACK');
        holder.close();
      }
      expect(existsSync(out)).toBe(false);
      const master = openStudy(study.path, PASSPHRASE);
      try {
        expect(master.prepare('SELECT count(*) FROM rater_packages').pluck().get()).toBe(0);
        packRaterPackage(master, {
          rater: 'Dr Ada',
          out,
          passphrase: PACKAGE_PASSPHRASE,
          masterPassphrase: PASSPHRASE,
          clock: fixedClock,
        });
      } finally {
        master.close();
      }
      expect(readdirSync(join(study.path, '..')).filter((name) => name.includes('.blindrate'))).toEqual([
        'Dr-Ada.blindrate',
      ]);
    } finally {
      study.cleanup();
    }
  }, 90_000);
});
