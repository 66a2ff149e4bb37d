import { EventEmitter } from 'node:events';
import { copyFileSync, existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeStudyOnQuit } from '../../../electron/main/lifecycle';
import { createApiHost } from '../../../electron/services/api-host';
import { openStudyDatabase } from '../../../db/connection';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  PACKAGE_PASSPHRASE,
  packFor,
  ratingValues,
  type SeededStudy,
} from './fixture';

let study: SeededStudy;
let packagePath: string;
beforeEach(() => {
  study = createSeededStudy();
  assignStudy(study, ['Dr Ada']);
  const ada = packFor(study, 'Dr Ada');
  ada.close();
  packagePath = ada.path;
  study.db.close();
});
afterEach(() => study.cleanup());

/** The Electron app's event surface that matters here; `quit` records whether the app was asked to quit. */
function fakeApp() {
  const events = new EventEmitter();
  return Object.assign(events, { quit: vi.fn() });
}

async function hostWithOneRating() {
  const host = createApiHost({ clock: fixedClock, studies: () => [{ path: packagePath, label: 'Dr-Ada.blindrate' }] });
  const summary = await host.unlockStudy({ path: packagePath, passphrase: PACKAGE_PASSPHRASE, remember: false });
  const overview = await host.startSession(summary.rater!.id);
  await host.saveRating({ assignmentId: overview.resume.rating!, values: ratingValues(4), comment: '', durationMs: 5 });
  return host;
}

/** What a rater sending only the package file would carry. */
function ratingsInCopyOfPackage(): number {
  const copy = `${packagePath}.copy.blindrate`;
  copyFileSync(packagePath, copy);
  const db = openStudyDatabase(copy, PACKAGE_PASSPHRASE, { readonly: true, kind: 'package' });
  try {
    return (db.prepare('SELECT count(*) AS n FROM ratings').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('closing the study when the Electron app ends', () => {
  it('keeps every saved answer inside the one package file (no -wal beside it) and closes it on app.quit()', async () => {
    const host = await hostWithOneRating();
    const app = fakeApp();
    closeStudyOnQuit(app as never, host);
    expect(existsSync(`${packagePath}-wal`)).toBe(false);
    expect(ratingsInCopyOfPackage()).toBe(5);

    app.emit('will-quit');

    await expect(host.getOverview()).rejects.toThrow('No study is open');
  });

  it('closes the study and quits when the last window is closed', async () => {
    const host = await hostWithOneRating();
    const app = fakeApp();
    closeStudyOnQuit(app as never, host);

    app.emit('window-all-closed');
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());

    await expect(host.getOverview()).rejects.toThrow('No study is open');
  });
});
