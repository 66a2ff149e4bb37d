/**
 * Electron main process: one hardened window on app://blindrate/, the study services on IPC.
 * Bundled by build/bundle-electron.mjs into dist/electron/main.cjs (so __dirname is dist/electron).
 * Started as the project folder (`electron .`) or packaged, so the app takes its name and its own
 * userData folder from package.json's productName.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  session,
  shell,
  type IpcMainEvent,
} from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { useNativeBinding } from '../../db/connection';
import { FILE_DROP_CHANNEL, LEAVE_STUDY_REQUEST, STAYED_IN_STUDY } from '../../shared/transport';
import { createApiHost } from '../services/api-host';
import { dialogPlacement } from './coordinator-dialogs';
import { systemClock } from '../services/system-clock';
import { appProtocolHandler } from './app-protocol';
import { isOpenRequest, OPENABLE_EXTENSIONS, openRequestFor, parseMainArguments } from './arguments';
import { registerApiHandlers } from './ipc';
import { createStudyLeaver } from './leave-study';
import { closeStudyOnQuit } from './lifecycle';
import { applicationMenuTemplate } from './menu';
import { electronNativeBindingPath, missingNativeBindingMessage } from './native-binding';
import { createPassphraseMemory } from './passphrase-memory';
import { createRecentStudies } from './recent-studies';
import { APP_ENTRY_URL, APP_SCHEME, hardenSession, hardenWebContents, isTrustedSender } from './security';
import { mainWindowOptions } from './window-options';

const args = parseMainArguments(process.argv);
if (args.userData) app.setPath('userData', args.userData);

// Must happen before 'ready': a standard, secure scheme gets a real origin and counts as a secure context.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();
hardenWebContents(app);

/** Files to open, from the command line, macOS 'open-file' or a second launch; drained once the window exists. */
const filesToOpen: string[] = [...(args.alsoOffer ?? []), ...(args.study ? [args.study] : [])];
let openFile = (path: string) => void filesToOpen.push(path);
let showWindow = () => {};
// macOS delivers a double-clicked study or package (the file association) this way, possibly before 'ready'.
app.on('open-file', (event, path) => {
  event.preventDefault();
  openFile(path);
});
app.on('second-instance', (_event, _argv, _cwd, additionalData) => {
  if (isOpenRequest(additionalData)) openFile(additionalData.study);
  showWindow();
});

if (!app.requestSingleInstanceLock(openRequestFor(args, process.cwd()))) {
  // The running instance receives our file through 'second-instance' and opens it.
  app.quit();
} else {
  app.whenReady().then(startApp).catch(failStartup);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A window that never appears must not leave a process running: say why, quit non-zero. */
function failStartup(error: unknown): void {
  const message = messageOf(error);
  console.error(`BlindRate could not start: ${message}`);
  dialog.showErrorBox('BlindRate could not start', message);
  app.exit(1);
}

async function startApp(): Promise<void> {
  const nativeBinding = electronNativeBindingPath(app.getAppPath());
  if (!existsSync(nativeBinding)) throw new Error(missingNativeBindingMessage(nativeBinding));
  useNativeBinding(nativeBinding);

  const allowDevTools = !app.isPackaged;
  const userData = app.getPath('userData');
  const recent = createRecentStudies(join(userData, 'recent-studies.json'));
  const passphrases = createPassphraseMemory(safeStorage, join(userData, 'passphrases.json'), process.platform);

  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, appProtocolHandler(join(__dirname, '..', 'renderer')));

  const window = new BrowserWindow(mainWindowOptions(join(__dirname, 'preload.cjs'), allowDevTools));
  const chooseStudyFile = async (): Promise<string | null> => {
    const choice = await dialog.showOpenDialog(window, {
      title: 'Open a BlindRate study or rater package',
      filters: [{ name: 'BlindRate study or rater package', extensions: [...OPENABLE_EXTENSIONS] }],
      properties: ['openFile'],
    });
    const path = choice.filePaths[0];
    if (choice.canceled || !path) return null;
    recent.add(path);
    return path;
  };
  const host = createApiHost({
    clock: systemClock,
    studies: () => recent.list().map((ref) => ({ ...ref, passphraseRemembered: passphrases.isRemembered(ref.path) })),
    chooseStudyFile,
    passphrases,
    placement: dialogPlacement(dialog, window, (path) => recent.add(path)),
    backupFolder: join(userData, 'backups'),
    showInFolder: (path) => shell.showItemInFolder(path),
  });
  registerApiHandlers(ipcMain, host);

  // The renderer learns about a newly opened study by reloading and listing studies again (first in the list = chosen).
  // With a study open the page reloads itself, after saving a complete answer; see leave-study.ts.
  const leaver = createStudyLeaver({
    hasOpenStudy: () => host.hasOpenStudy(),
    askPage: () => window.webContents.send(LEAVE_STUDY_REQUEST),
    closeAndReload: () => void host.closeStudy().then(() => window.webContents.reload()),
  });
  window.webContents.on('did-start-loading', leaver.pageAnswered);
  ipcMain.on(STAYED_IN_STUDY, (event: IpcMainEvent) => {
    if (isTrustedSender(event)) leaver.pageAnswered();
  });
  showWindow = () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  };
  openFile = (path) => {
    recent.add(path);
    leaver.leave();
    showWindow();
  };
  for (const path of filesToOpen.splice(0)) recent.add(path);
  ipcMain.on(FILE_DROP_CHANNEL, (event: IpcMainEvent, path: unknown) => {
    if (isTrustedSender(event) && typeof path === 'string' && path !== '') openFile(path);
  });
  const openFromMenu = async () => {
    if (await chooseStudyFile()) leaver.leave();
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      applicationMenuTemplate(
        {
          openStudy: () =>
            void openFromMenu().catch((error: unknown) =>
              dialog.showErrorBox('BlindRate could not open the file', messageOf(error)),
            ),
          closeStudy: leaver.leave,
          allowDevTools,
        },
        process.platform,
      ),
    ),
  );
  closeStudyOnQuit(app, host);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(APP_ENTRY_URL);
}
