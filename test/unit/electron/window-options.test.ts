import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../electron/main/window-options';

describe('main window options', () => {
  it('isolate the page: context isolation, sandbox, no Node, web security, no webview', () => {
    const prefs = mainWindowOptions('/app/preload.cjs', false).webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
  });

  it('allow devtools only when asked (unpackaged development builds)', () => {
    expect(mainWindowOptions('/p', true).webPreferences!.devTools).toBe(true);
  });
});
