/** The main window's options, in their own module so a unit test can assert every hardening flag. */
import type { BrowserWindowConstructorOptions } from 'electron';

export function mainWindowOptions(preloadPath: string, allowDevTools: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'BlindRate',
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath,
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
      safeDialogs: true,
      // Middle-click would otherwise try to open links in a new window.
      disableBlinkFeatures: 'Auxclick',
      // Chromium's spellchecker downloads dictionaries from Google: an offline medical app makes no such request.
      spellcheck: false,
      devTools: allowDevTools,
    },
  };
}
