/**
 * Electron main process: one hardened window on app://blindrate/, the study services on IPC.
 * Bundled by build/bundle-electron.mjs into dist/electron/main.cjs (so __dirname is dist/electron).
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { createApiHost } from '../services/api-host';
import { systemClock } from '../services/study';
import { appProtocolHandler } from './app-protocol';
import { parseMainArguments } from './arguments';
import { registerApiHandlers } from './ipc';
import { closeStudyOnQuit } from './lifecycle';
import { applicationMenuTemplate } from './menu';
import { createPassphraseMemory } from './passphrase-memory';
import { createRecentStudies } from './recent-studies';
import { APP_ENTRY_URL, APP_SCHEME, hardenSession, hardenWebContents } from './security';
import { mainWindowOptions } from './window-options';

const args = parseMainArguments(process.argv);
if (args.userData) app.setPath('userData', args.userData);

// Must happen before 'ready': a standard, secure scheme gets a real origin and counts as a secure context.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.enableSandbox();
hardenWebContents(app);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(startApp);
}

function startApp(): void {
  const allowDevTools = !app.isPackaged;
  const userData = app.getPath('userData');
  const recent = createRecentStudies(join(userData, 'recent-studies.json'));
  const passphrases = createPassphraseMemory(safeStorage, join(userData, 'passphrases.json'), process.platform);
  if (args.study) recent.add(args.study);

  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, appProtocolHandler(join(__dirname, '..', 'renderer')));

  const host = createApiHost({
    role: args.coordinator ? 'coordinator' : 'rater',
    clock: systemClock,
    studies: () => recent.list().map((ref) => ({ ...ref, passphraseRemembered: passphrases.isRemembered(ref.path) })),
    passphrases,
  });
  registerApiHandlers(ipcMain, host);

  const window = new BrowserWindow(mainWindowOptions(join(__dirname, 'preload.cjs'), allowDevTools));
  // The renderer learns about a newly opened study by reloading and listing studies again.
  const restartRenderer = () => void host.closeStudy().then(() => window.webContents.reload());
  const openStudy = async () => {
    const choice = await dialog.showOpenDialog(window, {
      title: 'Open a BlindRate study',
      filters: [{ name: 'BlindRate study', extensions: ['db'] }],
      properties: ['openFile'],
    });
    const path = choice.filePaths[0];
    if (choice.canceled || !path) return;
    recent.add(path);
    restartRenderer();
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      applicationMenuTemplate({ openStudy: () => void openStudy(), closeStudy: restartRenderer, allowDevTools }, process.platform),
    ),
  );
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  closeStudyOnQuit(app, host);
}
