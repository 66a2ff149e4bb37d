import { expect, test } from '@playwright/test';
import { recordCspViolations, type CspRecorder } from './csp';
import { createTestStudy, launchApp, type LaunchedApp, type LaunchOptions, type TestStudy } from './launcher';

export interface FileApp {
  study: TestStudy;
  app: LaunchedApp;
  /** Every spec also checks that nothing it did broke the Content Security Policy. */
  csp: CspRecorder;
}

/**
 * One fresh study (the demo's unless `makeStudy` says otherwise) and one running app per spec file, shared by
 * its tests in order (the tests of a file are steps of one rater's session). Call at the top level of a spec file.
 */
export function appPerFile(
  options: LaunchOptions = {},
  makeStudy: () => Promise<TestStudy> = () => createTestStudy(),
): FileApp {
  test.describe.configure({ mode: 'serial' });
  const shared = {} as FileApp;
  test.beforeAll(async () => {
    shared.study = await makeStudy();
    shared.app = await launchApp(shared.study, options);
    shared.csp = await recordCspViolations(shared.app.page);
  });
  test.afterAll(async () => {
    try {
      if (shared.csp) expect(shared.csp.violations(), 'Content Security Policy violations').toEqual([]);
    } finally {
      await shared.app?.close();
      shared.study?.dispose();
    }
  });
  return shared;
}
