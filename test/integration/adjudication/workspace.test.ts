/**
 * The coordinator workspace's Adjudicate step over the API host, as the app calls it: the disagreements
 * per dimension, the CLI's refusals in one line (an adjudicator who rated, a reused passphrase, a
 * threshold on a kind without steps), the package written through the Save dialog's path, the round
 * listed, and the returned package merged through Returns' merge job, alone and not beside another file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../../electron/services/api-host';
import type { CoordinatorPlacement } from '../../../electron/services/coordinator';
import type {
  AdjudicationPreview,
  AdjudicationRoundInfo,
  FileHandle,
  JobRef,
  JobStatus,
} from '../../../shared/coordinator-api';
import { fixedClock, PASSPHRASE, type SeededStudy } from '../session/fixture';
import { adjudicateAll, RATERS, ratedThreeRaterStudy } from './fixture';

let study: SeededStudy;
let api: ApiHost;
let chosen: string[] = [];
let saveAs = '';

async function call<T>(method: string, arg?: unknown): Promise<T> {
  const reply = await api.dispatch(method, arg);
  if (!reply.ok) throw new Error(`${method} refused: ${reply.error}`);
  return reply.value as T;
}

async function refusal(method: string, arg?: unknown): Promise<string> {
  const reply = await api.dispatch(method, arg);
  if (reply.ok) throw new Error(`${method} was not refused`);
  return reply.error;
}

async function finished(ref: JobRef | null): Promise<JobStatus> {
  if (ref === null) throw new Error('no job started');
  for (;;) {
    const status = await call<JobStatus>('getJob', ref.jobId);
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  study = ratedThreeRaterStudy();
  study.db.close();
  const placement: CoordinatorPlacement = {
    files: 'dialogs',
    workspaceLabel: null,
    chooseFiles: async () => chosen,
    newStudyPath: async () => null,
    packageFolder: async () => null,
    exportTarget: async () => ({ path: saveAs, folderLabel: join(study.path, '..') }),
  };
  api = createApiHost({ clock: fixedClock, studies: () => [{ path: study.path, label: 'study' }], placement });
  await call('unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
}, 180_000);
afterAll(async () => {
  await api.closeStudy();
  study.cleanup();
});

describe('the Adjudicate step', () => {
  const request = { adjudicator: 'Dr E', showRatings: true, thresholds: {}, passphrase: null };

  it('counts the disputes per dimension at the defaults, fewer at a wider Likert threshold', async () => {
    const atDefaults = await call<AdjudicationPreview>('previewAdjudication', { thresholds: {} });
    expect(atDefaults.problem).toBeNull();
    expect(atDefaults.thresholds).toEqual([{ kind: 'likert', threshold: 2, defaultThreshold: 2 }]);
    const factuality = atDefaults.dimensions.find((d) => d.dimension === 'factuality')!;
    expect(factuality).toMatchObject({ kind: 'likert', threshold: 2 });
    expect(atDefaults.dimensions.find((d) => d.dimension === 'preference')).toMatchObject({ kind: null });
    expect(atDefaults.disputes).toBe(atDefaults.dimensions.reduce((n, d) => n + d.disputes, 0));
    const wider = await call<AdjudicationPreview>('previewAdjudication', { thresholds: { likert: 4 } });
    expect(wider.dimensions.find((d) => d.dimension === 'factuality')!.disputes).toBeLessThan(factuality.disputes);
    const binary = await call<AdjudicationPreview>('previewAdjudication', { thresholds: { binary: 1 } });
    expect(binary.problem).toBe(
      'The disagreement threshold is refused: binary dimensions dispute on any difference and take no threshold.',
    );
  });

  it("refuses a rater as adjudicator and the master's passphrase, in one line, before any file is written", async () => {
    saveAs = join(study.path, '..', 'refused.blindrate');
    expect(await refusal('startAdjudicate', { ...request, adjudicator: RATERS[1] })).toBe(
      `${RATERS[1]} is a rater of this study: an adjudicator settles the raters' disagreements and must be someone else.`,
    );
    expect(await refusal('startAdjudicate', { ...request, passphrase: PASSPHRASE })).toMatch(
      /^The package passphrase is the master study's own/,
    );
    expect(existsSync(saveAs)).toBe(false);
    expect(await call<AdjudicationRoundInfo[]>('listAdjudicationRounds')).toEqual([]);
  });

  it('writes the package, lists the round, refuses its passphrase again, and Returns merges it alone', async () => {
    saveAs = join(study.path, '..', 'Dr E adjudication.blindrate');
    const typed = 'harbor quiet lamp amber willow seven';
    const end = await finished(await call<JobRef>('startAdjudicate', { ...request, passphrase: typed }));
    if (end.state !== 'done' || end.result.kind !== 'adjudicate') throw new Error(JSON.stringify(end));
    const { sheet } = end.result;
    expect(sheet).toMatchObject({ rater: 'Dr E', passphrase: typed, fileName: 'Dr E adjudication.blindrate' });
    expect(existsSync(saveAs)).toBe(true);
    const [round] = await call<AdjudicationRoundInfo[]>('listAdjudicationRounds');
    expect(round).toMatchObject({
      roundId: sheet.roundId,
      adjudicator: 'Dr E',
      fileName: sheet.fileName,
      tasks: sheet.tasks,
      disputes: sheet.disputes,
      settled: 0,
      returnedAt: null,
      showsRatings: true,
    });
    saveAs = join(study.path, '..', 'again.blindrate');
    expect(await refusal('startAdjudicate', { ...request, adjudicator: 'Dr F', passphrase: typed })).toMatch(
      /^The package passphrase was already given to .*Dr E.*'s package: each holder needs their own, .*Choose another one\.$/,
    );

    adjudicateAll(join(study.path, '..', 'Dr E adjudication.blindrate'), typed, fixedClock);
    chosen = [join(study.path, '..', 'Dr E adjudication.blindrate'), join(study.path, '..', 'Dr-Ada.blindrate')];
    const handles = await call<FileHandle[]>('chooseFiles', { purpose: 'returns', multiple: true });
    const mixed = await finished(await call<JobRef>('startMerge', { files: handles.map((h) => h.token) }));
    expect(mixed.state === 'done' && mixed.result.kind === 'merge' && mixed.result).toMatchObject({
      merged: false,
      files: [
        {
          file: 'Dr E adjudication.blindrate',
          accepted: false,
          detail: 'is an adjudication package: merge it on its own, one per merge.',
        },
        { file: 'Dr-Ada.blindrate', accepted: false },
      ],
    });
    expect((await call<AdjudicationRoundInfo[]>('listAdjudicationRounds'))[0]!.settled).toBe(0);

    const alone = await finished(await call<JobRef>('startMerge', { files: [handles[0]!.token] }));
    expect(alone.state === 'done' && alone.result.kind === 'merge' && alone.result).toEqual({
      kind: 'merge',
      merged: true,
      files: [
        {
          file: 'Dr E adjudication.blindrate',
          rater: 'Dr E',
          accepted: true,
          detail: `Merged Dr E adjudication.blindrate: Dr E settled ${sheet.disputes} of ${sheet.disputes} disputes (locked).`,
        },
      ],
    });
    const [merged] = await call<AdjudicationRoundInfo[]>('listAdjudicationRounds');
    expect(merged).toMatchObject({ settled: sheet.disputes, returnedAt: expect.any(String) });
  });
});
