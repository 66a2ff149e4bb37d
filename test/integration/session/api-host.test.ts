import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost, type PassphraseMemory } from '../../../electron/services/api-host';
import type { PreferenceTaskPayload, StudyRef } from '../../../shared/api';
import { TASK_KINDS } from '../../../shared/domain';
import type { ApiResponse } from '../../../shared/transport';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { createSeededStudy, fixedClock, PASSPHRASE, ratingValues, type SeededStudy } from './fixture';

let study: SeededStudy;
let studies: StudyRef[];
beforeEach(() => {
  study = createSeededStudy();
  study.db.close();
  studies = [{ path: study.path, label: 'study.db' }];
});
afterEach(() => study.cleanup());

function host(role: 'rater' | 'coordinator' = 'rater', passphrases?: PassphraseMemory): ApiHost {
  return createApiHost({ role, clock: fixedClock, studies: () => studies, passphrases });
}

/** Calls through dispatch like a transport would, failing the test on a refused call. */
async function call<T>(api: ApiHost, method: string, arg?: unknown): Promise<T> {
  const reply = await api.dispatch(method, arg);
  if (!reply.ok) throw new Error(`${method} refused: ${reply.error}`);
  return reply.value as T;
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
    const summary = await call<{ name: string; role: string; rubric: { id: string } }>(api, 'unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
    expect(summary).toMatchObject({ name: 'Session test study', role: 'rater', rubric: { id: 'medisumqa' } });
    await api.closeStudy();
  });

  it('opens only listed studies', async () => {
    const reply = await host().dispatch('unlockStudy', { path: '/etc/passwd', passphrase: 'x', remember: false });
    expect(reply).toEqual({ ok: false, error: '/etc/passwd is not in the list of studies this window may open.' });
  });

  it('remembers a passphrase only in a secure store and uses it for an empty passphrase', async () => {
    const insecure = host('rater', fakeMemory(false));
    expect(await insecure.dispatch('canRememberPassphrase')).toEqual({ ok: true, value: false });
    expect(await insecure.dispatch('unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: true })).toEqual({
      ok: false,
      error: 'This computer offers no secure store, so the passphrase cannot be remembered.',
    });

    const memory = fakeMemory(true);
    const api = host('rater', memory);
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
      role: 'rater',
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
    expect(await api.dispatch('deleteEverything', {})).toEqual({ ok: false, error: 'Unknown method "deleteEverything".' });
    expect(await api.dispatch('toString', {})).toEqual({ ok: false, error: 'Unknown method "toString".' });
    expect(await api.dispatch('startSession', 'one')).toMatchObject({ ok: false, error: expect.stringMatching(/^startSession: invalid argument/) });
    expect(await api.dispatch('saveRating', { assignmentId: 'x', values: {}, comment: '', durationMs: 1, extra: true })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^saveRating: invalid argument/),
    });
    expect(await api.dispatch('getOverview')).toEqual({ ok: false, error: 'No study is open: unlock a study first.' });
  });
});

describe('a full rater session through the contract', () => {
  it('never returns a model name, score, item id or bin field, and reports open only after locking', async () => {
    const api = host();
    const replies: ApiResponse[] = [];
    const record = async <T>(method: string, arg?: unknown): Promise<T> => {
      const reply = await api.dispatch(method, arg);
      replies.push(reply);
      if (!reply.ok) throw new Error(reply.error);
      return reply.value as T;
    };
    await record('unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
    const rater = await record<{ id: number }>('createRater', 'Dr Ada');
    await record('startSession', rater.id);
    for (const kind of TASK_KINDS) {
      const list = await record<{ assignmentId: string }[]>('listAssignments', kind);
      for (const { assignmentId } of list) {
        const task = await record<PreferenceTaskPayload>('getTask', assignmentId);
        if (kind === 'rating') await record('saveRating', { assignmentId, values: ratingValues(4), comment: '', durationMs: 900 });
        else await record('savePreference', { assignmentId, choice: task.position % 2 ? 'A' : 'B', comment: '', durationMs: 900 });
      }
    }
    await record('getOverview');
    expect((await api.dispatch('getReport')).ok).toBe(false);
    await record('lockRater');
    const report = await record<{ counts: { ratings: number; preferences: number } }>('getReport');
    // counts.ratings counts one value per dimension: 15 answers × 5 MeDiSumQA dimensions.
    expect(report.counts).toMatchObject({ raters: 1, outputs: 15, ratings: 15 * MEDISUMQA_RUBRIC.dimensions.length, preferences: 6 });

    // The report is for a locked rater and may name models; everything before it is a rating-session payload.
    const sessionJson = JSON.stringify(replies.slice(0, -1));
    for (const secret of study.secrets) expect(sessionJson).not.toContain(secret);
    for (const key of ['model', 'bin', 'score', 'avg_score', 'item_id', 'itemId', 'output_id', 'outputId', 'presented_a', 'presentedA']) {
      expect(sessionJson).not.toContain(`"${key}"`);
    }
    await api.closeStudy();
  });

  it('lets a coordinator session see the report without locking', async () => {
    const api = host('coordinator');
    await call(api, 'unlockStudy', { path: study.path, passphrase: PASSPHRASE, remember: false });
    expect((await api.dispatch('getReport')).ok).toBe(true);
    await api.closeStudy();
  });
});
