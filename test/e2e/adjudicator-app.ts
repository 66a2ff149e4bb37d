/**
 * The adjudicator's side of the adjudication specs: a round packed from a merged study, the app opened on its
 * package in browser mode with the Content Security Policy watched, and the package read back from a closed
 * copy (the app keeps the file itself locked while open).
 */
import type { Page } from '@playwright/test';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStudyDatabase } from '../../db/connection';
import { packAdjudicationPackage } from '../../electron/services/adjudication';
import { startPackageSession, type RaterSession } from '../../electron/services/session';
import { fixedClock, PASSPHRASE, type SeededStudy } from '../integration/session/fixture';
import { expectNoCspViolationsThen, recordCspViolations, type CspRecorder } from './csp';
import { launchApp, type LaunchedApp } from './launcher';

export const ADJUDICATOR = 'Dr E';

/** Packs the study's disagreements (values shown, default thresholds) beside it and closes the master. */
export function packRound(study: SeededStudy, passphrase: string): string {
  const packagePath = join(study.path, '..', 'e.blindrate');
  packAdjudicationPackage(study.db, {
    adjudicator: ADJUDICATOR,
    out: packagePath,
    passphrase,
    masterPassphrase: PASSPHRASE,
    showRatings: true,
    thresholds: {},
    clock: fixedClock,
  });
  study.db.close();
  return packagePath;
}

export interface AdjudicatorApp {
  app: LaunchedApp;
  csp: CspRecorder;
}

export async function launchAdjudicatorApp(
  study: SeededStudy,
  packagePath: string,
  passphrase: string,
): Promise<AdjudicatorApp> {
  const app = await launchApp({
    path: packagePath,
    passphrase,
    masterPath: study.path,
    masterPassphrase: PASSPHRASE,
    rater: ADJUDICATOR,
    dispose: () => undefined,
  });
  return { app, csp: await recordCspViolations(app.page) };
}

/** The spec's end: no CSP violation, then the app closed and the study removed. */
export function closeAdjudicatorApp(opened: AdjudicatorApp | undefined, study: SeededStudy | undefined) {
  return expectNoCspViolationsThen(opened?.csp, async () => {
    await opened?.app.close();
    study?.cleanup();
  });
}

export function adjudicationHeading(page: Page, position: number) {
  return page.getByRole('heading', { level: 1, name: new RegExp(`^Adjudication ${position} of \\d+$`) });
}

/** The package's session on a closed copy of it. */
export function withPackageCopy<T>(packagePath: string, passphrase: string, read: (session: RaterSession) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'blindrate-e2e-adjudication-'));
  try {
    const copy = join(dir, 'e.blindrate');
    copyFileSync(packagePath, copy);
    const db = openStudyDatabase(copy, passphrase, { kind: 'package' });
    try {
      return read(startPackageSession(db, fixedClock));
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
