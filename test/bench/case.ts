/**
 * One measured run of `npm run bench`, in a process of its own so its peak memory is its own:
 * `case.ts <name> <folder>` does the work, times only the work, and prints {"seconds": …} as its last line.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { importFiles } from '../../electron/services/importer';
import { drawSample } from '../../electron/services/sampler';
import { createStudy, openStudy } from '../../electron/services/study';
import { MEDISUMQA_RUBRIC } from '../../shared/rubric';
import { createFloorTables, importFloor, openEncrypted, readScoresFloor } from './floor';
import { INPUT_FILE, PASSPHRASE, STUDY_FILE } from './input';

const clock = () => new Date('2025-01-01T00:00:00Z');

interface Timing {
  seconds: number;
  /** User + system CPU seconds of the process over the same span: steadier than wall time on a busy machine. */
  cpuSeconds: number;
}

async function timed(work: () => unknown): Promise<Timing> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

function freshPath(folder: string, name: string): string {
  const path = join(folder, name);
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  return path;
}

const CASES: Record<string, (folder: string) => Promise<Timing>> = {
  async import(folder) {
    const db = createStudy(freshPath(folder, STUDY_FILE), PASSPHRASE, { rubric: MEDISUMQA_RUBRIC, clock });
    const seconds = await timed(() => importFiles(db, [join(folder, INPUT_FILE)], { clock }));
    db.close();
    return seconds;
  },
  async 'import-floor'(folder) {
    const db = openEncrypted(freshPath(folder, 'floor.db'), PASSPHRASE);
    createFloorTables(db);
    const seconds = await timed(() => importFloor(db, join(folder, INPUT_FILE)));
    db.close();
    return seconds;
  },
  async sample(folder) {
    return timed(() => {
      const db = openStudy(join(folder, STUDY_FILE), PASSPHRASE);
      drawSample(
        db,
        { task: 'rating', bins: 5, perBin: 10, metrics: [], seed: 1, disjoint: true, replace: true },
        clock,
      );
      db.close();
    });
  },
  async 'sample-floor'(folder) {
    return timed(() => {
      const db = openEncrypted(join(folder, STUDY_FILE), PASSPHRASE);
      readScoresFloor(db);
      db.close();
    });
  },
};

const [name, folder] = process.argv.slice(2);
const run = CASES[name ?? ''];
if (!run || !folder) throw new Error(`usage: case.ts ${Object.keys(CASES).join('|')} FOLDER`);
console.log(JSON.stringify(await run(folder)));
