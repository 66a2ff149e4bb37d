import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost, type PassphraseMemory } from '../../../electron/services/api-host';
import { mergePackages } from '../../../electron/services/merge';
import { openStudy } from '../../../electron/services/study';
import type { PreferenceTaskPayload, StudyReport, StudyRef } from '../../../shared/api';
import { TASK_KINDS } from '../../../shared/domain';
import type { ApiResponse } from '../../../shared/transport';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  PACKAGE_PASSPHRASE,
  packFor,
  PASSPHRASE,
  ratingValues,
  type SeededStudy,
} from './fixture';

let study: SeededStudy;
let packagePath: string;
let studies: StudyRef[];
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada', 'Dr Bob']);
  const ada = packFor(study, 'Dr Ada');
  ada.close();
  packagePath = ada.path;
  study.db.close();
  studies = [
    { path: study.path, label: 'study.db' },
    { path: packagePath, label: 'Dr-Ada.blindrate' },
  ];
});
afterEach(() => study.cleanup());

function host(passphrases?: PassphraseMemory): ApiHost {
  return createApiHost({ clock: fixedClock, studies: () => studies, passphrases });
}

/** Calls through dispatch like a transport would, failing the test on a refused call. */
async function call<T>(api: ApiHost, method: string, arg?: unknown): Promise<T> {
  const reply = await api.dispatch(method, arg);
  if (!reply.ok) throw new Error(`${method} refused: ${reply.error}`);
  return reply.value as T;
}

async function refusal(api: ApiHost, method: string, arg?: unknown): Promise<string> {
  const reply = await api.dispatch(method, arg);
  if (reply.ok) throw new Error(`${method} was not refused`);
  return reply.error;
}

function fakeMemory(secure: boolean): PassphraseMemory & { stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    stored,
    canRemember: () => secure,
    isRemembered: (path) => stored.has(path),
    recall: (path) => stored.get(path) ?? null,
    remember: (path, passphrase) => void stored.set(path, passphrase),
    forget: (path) => void stored.delete(path),
  };
}

describe('unlocking', () => {
  it('refuses a wrong passphrase with one line, then opens with the right one', async () => {
    const api = host();
    expect(await api.dispatch('unlockStudy', { path: study.path, passphrase: 'nope', remember: false })).toEqual({
      ok: false,
      error: `Wrong passphrase for ${study.path} (or it is not a BlindRate study).`,
    });
    const summary = await call(api, 'unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
    expect(summary).toMatchObject({
      name: 'Session test study',
      role: 'coordinator',
      rater: null,
      rubric: { id: 'medisumqa' },
    });
    await api.closeStudy();
  });

  it("opens a rater package as its one rater's session, whatever the window was started with", async () => {
    const api = host();
    const summary = await call(api, 'unlockStudy', {
      path: packagePath,
      passphrase: PACKAGE_PASSPHRASE,
      remember: false,
    });
    expect(summary).toMatchObject({
      name: 'Session test study',
      role: 'rater',
      rater: { name: 'Dr Ada', lockedAt: null },
      rubric: { id: 'medisumqa' },
    });
    await api.closeStudy();
  });

  it('opens only listed studies', async () => {
    const reply = await host().dispatch('unlockStudy', { path: '/etc/passwd', passphrase: 'x', remember: false });
    expect(reply).toEqual({ ok: false, error: '/etc/passwd is not in the list of studies this window may open.' });
  });

  it('remembers a passphrase only in a secure store and uses it for an empty passphrase', async () => {
    const insecure = host(fakeMemory(false));
    expect(await insecure.dispatch('canRememberPassphrase')).toEqual({ ok: true, value: false });
    expect(
      await insecure.dispatch('unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: true }),
    ).toEqual({
      ok: false,
      error: 'This computer offers no secure store, so the passphrase cannot be remembered.',
    });

    const memory = fakeMemory(true);
    const api = host(memory);
    await call(api, 'unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: true });
    expect(memory.stored.get(study.path)).toBe(PASSPHRASE);
    await call(api, 'closeStudy');
    await call(api, 'unlockStudy', { path: study.path, passphrase: '', remember: false });
    await call(api, 'closeStudy');

    memory.stored.delete(study.path);
    expect(await api.dispatch('unlockStudy', { path: study.path, passphrase: '', remember: false })).toEqual({
      ok: false,
      error: 'Enter the passphrase for study.db: none is remembered on this computer.',
    });

    memory.stored.set(study.path, 'stale passphrase');
    expect((await api.dispatch('unlockStudy', { path: study.path, passphrase: '', remember: false })).ok).toBe(false);
    expect(memory.stored.has(study.path)).toBe(false);
  });
});

describe('opening another file', () => {
  it('adds the file chosen in the desktop Open dialog to the list, and answers null when cancelled', async () => {
    const other = { path: '/studies/dr-ada.blindrate', label: 'dr-ada.blindrate' };
    let answer: string | null = other.path;
    const api = createApiHost({
      clock: fixedClock,
      studies: () => studies,
      chooseStudyFile: async () => {
        if (answer) studies = [other, ...studies];
        return answer;
      },
    });
    expect(await call(api, 'openStudyFile')).toEqual(other);
    answer = null;
    expect(await call(api, 'openStudyFile')).toBeNull();
  });

  it('is refused in browser mode, which serves one study', async () => {
    expect(await host().dispatch('openStudyFile')).toEqual({
      ok: false,
      error: 'Browser mode serves only the study it was started with: start BlindRate on another file to open it.',
    });
  });
});

describe('dispatch', () => {
  it('validates arguments and method names before any service runs', async () => {
    const api = host();
    expect(await api.dispatch('deleteEverything', {})).toEqual({
      ok: false,
      error: 'Unknown method "deleteEverything".',
    });
    expect(await api.dispatch('toString', {})).toEqual({ ok: false, error: 'Unknown method "toString".' });
    expect(await api.dispatch('startSession', 'one')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^startSession: invalid argument/),
    });
    expect(
      await api.dispatch('saveRating', { assignmentId: 'x', values: {}, comment: '', durationMs: 1, extra: true }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^saveRating: invalid argument/),
    });
    expect(await api.dispatch('getOverview')).toEqual({ ok: false, error: 'No study is open: unlock a study first.' });
  });
});

describe('Show in folder', () => {
  it("on the desktop opens the open file's folder: the shell is given the package's path", async () => {
    const shown: string[] = [];
    const api = createApiHost({ clock: fixedClock, studies: () => studies, showInFolder: (path) => shown.push(path) });
    const summary = await call<{ canShowInFolder: boolean }>(api, 'unlockStudy', {
      path: packagePath,
      passphrase: PACKAGE_PASSPHRASE,
      remember: false,
    });
    expect(summary.canShowInFolder).toBe(true);
    await call(api, 'showStudyInFolder');
    expect(shown).toEqual([packagePath]);
    await api.closeStudy();
  });

  it('without a shell to open it (browser mode) refuses in one line that names the file', async () => {
    const api = host();
    const summary = await call<{ canShowInFolder: boolean }>(api, 'unlockStudy', {
      path: packagePath,
      passphrase: PACKAGE_PASSPHRASE,
      remember: false,
    });
    expect(summary.canShowInFolder).toBe(false);
    expect(await refusal(api, 'showStudyInFolder')).toBe(
      `Only the desktop app can open the folder: the file is ${packagePath}.`,
    );
    await api.closeStudy();
  });
});

describe('a rater package session through the contract', () => {
  it('never returns a model name, score, item id or bin field; its rater only; no rater list, no reports', async () => {
    const api = host();
    const replies: ApiResponse[] = [];
    const record = async <T>(method: string, arg?: unknown): Promise<T> => {
      const reply = await api.dispatch(method, arg);
      replies.push(reply);
      if (!reply.ok) throw new Error(reply.error);
      return reply.value as T;
    };
    const summary = await record<{ rater: { id: number } }>('unlockStudy', {
      path: packagePath,
      passphrase: PACKAGE_PASSPHRASE,
      remember: false,
    });
    expect(await refusal(api, 'createRater', 'Dr Mallory')).toBe('Unknown method "createRater".');
    expect(await refusal(api, 'startSession', summary.rater.id + 1)).toBe('This package belongs to Dr Ada only.');
    expect(await refusal(api, 'listRaterProgress')).toMatch(/^This is a rater package/);
    await record('startSession', summary.rater.id);
    for (const kind of TASK_KINDS) {
      const list = await record<{ assignmentId: string }[]>('listAssignments', kind);
      for (const { assignmentId } of list) {
        const task = await record<PreferenceTaskPayload>('getTask', assignmentId);
        if (kind === 'rating')
          await record('saveRating', { assignmentId, values: ratingValues(4), comment: '', durationMs: 900 });
        else
          await record('savePreference', {
            assignmentId,
            choice: task.position % 2 ? 'A' : 'B',
            comment: '',
            durationMs: 900,
          });
      }
    }
    await record('getOverview');
    await record('lockRater');
    expect(await refusal(api, 'getReport')).toMatch(/^This is a rater package/);

    const sessionJson = JSON.stringify(replies);
    for (const secret of [...study.secrets, 'Dr Bob']) expect(sessionJson).not.toContain(secret);
    for (const key of [
      'model',
      'bin',
      'score',
      'avg_score',
      'item_id',
      'itemId',
      'output_id',
      'outputId',
      'presented_a',
      'presentedA',
    ]) {
      expect(sessionJson).not.toContain(`"${key}"`);
    }
    await api.closeStudy();
  });
});

describe("a master is the coordinator's session", () => {
  it('shows progress per rater and the report of merged answers, and refuses rating', async () => {
    const rater = host();
    await call(rater, 'unlockStudy', { path: packagePath, passphrase: PACKAGE_PASSPHRASE, remember: false });
    await call(rater, 'startSession', 1);
    for (const { assignmentId } of await call<{ assignmentId: string }[]>(rater, 'listAssignments', 'rating')) {
      await call(rater, 'saveRating', { assignmentId, values: ratingValues(3), comment: '', durationMs: 900 });
    }
    await call(rater, 'closeStudy');
    const master = openStudy(study.path, PASSPHRASE);
    mergePackages(master, [packagePath], fixedClock);
    master.close();

    const api = host();
    await call(api, 'unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
    expect(await refusal(api, 'startSession', 1)).toBe(
      "This is the coordinator's master study: rating happens in rater packages (blindrate pack).",
    );
    const progress = await call<
      { rater: { name: string }; packagesIssued: number; progress: { kind: string; done: number; total: number }[] }[]
    >(api, 'listRaterProgress');
    expect(progress.map((p) => [p.rater.name, p.packagesIssued, p.progress[0]!.done, p.progress[0]!.total])).toEqual([
      ['Dr Ada', 1, 15, 15],
      ['Dr Bob', 0, 0, 15],
    ]);
    const report = await call<StudyReport>(api, 'getReport');
    expect(report.result.counts).toMatchObject({
      raters: 1,
      outputs: 15,
      ratings: 15 * MEDISUMQA_RUBRIC.dimensions.length,
    });
    // The study's facts come with it, so the Reports screen shows what the HTML report shows.
    expect(report.study.rubric?.name).toBe(MEDISUMQA_RUBRIC.name);
    expect(report.study.samples).toHaveLength(2);
    // The final values as `report --adjudicated` takes them, and nothing else.
    const adjudicated = await call<StudyReport>(api, 'getReport', { finalValues: 'adjudicated' });
    expect(adjudicated.result.adjudication).toEqual({
      final_values: 'adjudicated',
      adjudicated_units: 0,
      agreement_values: 'raters_original',
    });
    expect(report.result.adjudication).toBeUndefined();
    expect(await refusal(api, 'getReport', { finalValues: 'median' })).toMatch(
      /^getReport: invalid argument at finalValues/,
    );
    await api.closeStudy();
  });
});
