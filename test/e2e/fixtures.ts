import { test } from '@playwright/test';
import { createTestStudy, launchApp, type LaunchedApp, type LaunchOptions, type TestStudy } from './launcher';

export interface FileApp {
  study: TestStudy;
  app: LaunchedApp;
}

/**
 * One fresh study and one running app per spec file, shared by its tests in order (the tests of a
 * file are steps of one rater's session). Call at the top level of a spec file.
 */
export function appPerFile(options: LaunchOptions = {}): FileApp {
  test.describe.configure({ mode: 'serial' });
  const shared = {} as FileApp;
  test.beforeAll(async () => {
    shared.study = await createTestStudy();
    shared.app = await launchApp(shared.study, options);
  });
  test.afterAll(async () => {
    await shared.app?.close();
    shared.study?.dispose();
  });
  return shared;
}
