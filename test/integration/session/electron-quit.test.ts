import { EventEmitter } from 'node:events';
import { copyFileSync, existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeStudyOnQuit } from '../../../electron/main/lifecycle';
import { createApiHost } from '../../../electron/services/api-host';
import { openStudyDatabase } from '../../../db/connection';
import { createSeededStudy, fixedClock, PASSPHRASE, ratingValues, type SeededStudy } from './fixture';

let study: SeededStudy;
beforeEach(() => {
  study = createSeededStudy();
  study.db.close();
});
afterEach(() => study.cleanup());

/** The Electron app's event surface that matters here; `quit` records whether the app was asked to quit. */
function fakeApp() {
  const events = new EventEmitter();
  return Object.assign(events, { quit: vi.fn() });
}

async function hostWithOneRating() {
  const host = createApiHost({ role: 'rater', clock: fixedClock, studies: () => [{ path: study.path, label: 'study.db' }] });
  await host.unlockStudy({ path: study.path, passphrase: PASSPHRASE, remember: false });
  const rater = await host.createRater('Dr Ada');
  const overview = await host.startSession(rater.id);
  await host.saveRating({ assignmentId: overview.resume.rating!, values: ratingValues(4), comment: '', durationMs: 5 });
  return host;
}

/** What a rater copying only study.db to another machine would carry: the file without its -wal. */
function ratingsInCopyOfMainFile(): number {
  const copy = `${study.path}.copy`;
  copyFileSync(study.path, copy);
  const db = openStudyDatabase(copy, PASSPHRASE, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM ratings').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('closing the study when the Electron app ends', () => {
  it('folds the write-ahead log into the study file on app.quit() (File > Quit, Cmd+Q), which skips window-all-closed', async () => {
    const host = await hostWithOneRating();
    const app = fakeApp();
    closeStudyOnQuit(app as never, host);
    expect(existsSync(`${study.path}-wal`)).toBe(true);

    app.emit('will-quit');

    expect(existsSync(`${study.path}-wal`)).toBe(false);
    expect(ratingsInCopyOfMainFile()).toBe(5);
  });

  it('closes the study and quits when the last window is closed', async () => {
    const host = await hostWithOneRating();
    const app = fakeApp();
    closeStudyOnQuit(app as never, host);

    app.emit('window-all-closed');
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());

    expect(existsSync(`${study.path}-wal`)).toBe(false);
  });
});
