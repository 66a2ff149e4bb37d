/** The package commands as a coordinator types them: assign's plan, pack's passphrase line, audit verify's verdicts. */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { startPackageSession } from '../../../electron/services/session';
import { createSeededStudy, itemId, MODELS, PASSPHRASE, ratingValues, type SeededStudy } from '../session/fixture';

const CLI = fileURLToPath(new URL('../../../electron/cli/blindrate.mjs', import.meta.url));

function blindrate(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, BLINDRATE_PASSPHRASE: PASSPHRASE, BLINDRATE_PACKAGE_PASSPHRASE: undefined, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
  study.db.close();
});
afterEach(() => study.cleanup());

describe('blindrate assign, pack, audit verify', () => {
  it('prints the plan, refuses a weak package passphrase, prints a generated one once, and verifies or names a broken chain', async () => {
    const plan = await blindrate(['assign', study.path, '--raters', 'Dr A,Dr B,Dr C', '--overlap', '2', '--seed', '5']);
    // 15 rating + 6 preference outputs, 2 raters each: 42 tasks over 3 raters. The 6 pairs are 3 models' of 2
    // questions: 2 raters per pair over 3 raters gives each rater 2 pairs of each question, which the plan warns of.
    expect(plan).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Plan (overlap 2, seed 5):\n  Dr A  14 tasks\n  Dr B  14 tasks\n  Dr C  14 tasks\nOutputs: 21 by 2 raters.\n' +
        "Warning: 6 preference tasks show their rater an item already compared in another: the repeated reference text tells which answer is the model's. " +
        "No swap with another rater keeps every output's raters and each rater's share of every stratum; a lower overlap, or fewer models per item in the preference sample, avoids it.\n",
    });
    expect((await blindrate(['assign', study.path, '--raters', 'Dr A'])).stderr).toBe(
      'blindrate: This study already has a plan: add raters with --add, or plan again with --replace.\n',
    );

    const out = join(study.path, '..', 'dr-a.blindrate');
    const weak = await blindrate(['pack', study.path, '--rater', 'Dr A', '--out', out], {
      BLINDRATE_PACKAGE_PASSPHRASE: 'dr a 123',
    });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/^blindrate: BLINDRATE_PACKAGE_PASSPHRASE is too weak \(strength [0-2] of 4/);
    const packed = await blindrate(['pack', study.path, '--rater', 'Dr A', '--out', out]);
    const passphrase = /^passphrase: ((?:[a-z-]+ ){5}[a-z-]+)$/m.exec(packed.stdout)?.[1];
    expect(passphrase, packed.stdout).toBeDefined();
    expect(packed.stdout).toMatch(
      /^Packed 14 tasks for Dr A into .*dr-a\.blindrate \(\d+ KB, package [0-9a-f-]{36}\)\.\n/,
    );

    expect(await blindrate(['audit', 'verify', out], { BLINDRATE_PACKAGE_PASSPHRASE: passphrase })).toEqual({
      code: 0,
      stdout: 'ok, 1 entries\n',
      stderr: '',
    });
    expect((await blindrate(['audit', 'verify', study.path])).stdout).toMatch(/^ok, \d+ entries\n$/);
    const master = openStudyDatabase(study.path, PASSPHRASE);
    master.exec('DROP TRIGGER audit_log_no_update');
    master.prepare(`UPDATE audit_log SET actor = 'someone else' WHERE id = 2`).run();
    master.close();
    const broken = await blindrate(['audit', 'verify', study.path]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(
      /^broken at entry 2: audit entry 2 \(.+ by someone else at .+\) does not follow from the entries before it\n$/,
    );
  });

  it('assign with quality control prints its counts; a bad option or calibration file is refused in one line', async () => {
    const file = join(study.path, '..', 'calibration.csv');
    writeFileSync(
      file,
      `item_id,model,factuality,rationale\n${itemId(0)},${MODELS[0]},4,Accurate\n${itemId(1)},${MODELS[1]},2,Wrong dose\n`,
    );
    const qc = ['--repeats', '0.2', '--reference-controls', '1', '--calibration', '2', '--calibration-file', file];
    expect((await blindrate(['assign', study.path, '--raters', 'Dr A', '--repeats', '2'])).stderr).toBe(
      'blindrate: --repeats 2: give a share between 0 and 1 (e.g. 0.1).\n',
    );
    expect((await blindrate(['assign', study.path, '--raters', 'Dr A', '--calibration', '2'])).stderr).toBe(
      'blindrate: --calibration 2 needs --calibration-file with the expected ratings.\n',
    );
    const missing = join(study.path, '..', 'missing.csv');
    expect(
      (await blindrate(['assign', study.path, '--raters', 'Dr A', '--calibration', '1', '--calibration-file', missing]))
        .stderr,
    ).toBe(`blindrate: No calibration file at ${missing}.\n`);
    const plan = await blindrate(['assign', study.path, '--raters', 'Dr A,Dr B', '--seed', '5', ...qc]);
    expect(plan.stderr).toBe('');
    expect(plan.stdout).toContain(
      'Quality control (repeats 0.2, reference controls 1, calibration 2 per rater): 6 hidden repeats, 2 reference controls, 4 calibration tasks in all.\n',
    );
    expect((await blindrate(['assign', study.path, '--add', 'Dr C', '--repeats', '0.1'])).stderr).toBe(
      "blindrate: --add uses the plan's quality-control design; give --repeats, --reference-controls and --calibration with --raters.\n",
    );
  });

  it('merge --receipt confirms a locked package, refuses it when the code does not match, and asks which file a bare code is for', async () => {
    await blindrate(['assign', study.path, '--raters', 'Dr A,Dr B', '--seed', '5']);
    const files = ['dr-a', 'dr-b'].map((name) => join(study.path, '..', `${name}.blindrate`));
    const receipts: string[] = [];
    for (const [index, file] of files.entries()) {
      const packed = await blindrate(['pack', study.path, '--rater', index === 0 ? 'Dr A' : 'Dr B', '--out', file]);
      const passphrase = /^passphrase: (.+)$/m.exec(packed.stdout)![1]!;
      const db = openStudyDatabase(file, passphrase, { kind: 'package' });
      const session = startPackageSession(db, () => new Date());
      const [task] = session.listAssignments('rating');
      session.saveRating({ assignmentId: task!.assignmentId, values: ratingValues(3), comment: '', durationMs: 2500 });
      receipts.push(session.lock().lockReceipt!);
      db.close();
    }
    const [a, b] = receipts as [string, string];

    expect((await blindrate(['merge', study.path, ...files, '--receipt', a])).stderr).toBe(
      'blindrate: --receipt ' + a + ': with several packages, name the file: --receipt FILE=CODE.\n',
    );
    const swapped = await blindrate(['merge', study.path, ...files, '--receipt', `dr-a.blindrate=${b}`]);
    expect(swapped.code).toBe(1);
    expect(swapped.stderr).toBe(
      `blindrate: dr-a.blindrate: its history up to the lock does not match the lock receipt ${b}: it was changed after the receipt was read out, or the receipt belongs to another package.\n`,
    );
    const merged = await blindrate(['merge', study.path, files[0]!, '--receipt', a.toLowerCase()]);
    expect(merged).toMatchObject({ code: 0, stderr: '' });
    expect(merged.stdout).toBe(
      'dr-a.blindrate (Dr A): 1 answer added, 0 flags changed, 3 audit entries appended, rater locked, lock receipt confirmed.\n',
    );
    expect((await blindrate(['merge', study.path, ...files, '--receipt', `dr-b.blindrate=${b}`])).stdout).toBe(
      // The master kept Dr A's receipt and holds the package to it again.
      'dr-a.blindrate (Dr A): already merged, nothing changed; lock receipt confirmed.\n' +
        'dr-b.blindrate (Dr B): 1 answer added, 0 flags changed, 3 audit entries appended, rater locked, lock receipt confirmed.\n',
    );
  }, 120_000);
});
