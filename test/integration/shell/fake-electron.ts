/**
 * A recording stand-in for the `electron` module, for loading the real bundled main process under
 * Node. It implements only what the shell calls, records every call in order, and refuses the
 * ordering mistakes Electron punishes at run time: privileged schemes, userData and the sandbox
 * switch after 'ready'; protocol handlers, sessions, windows, menus and dialogs before it.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';

type Listener = (...args: never[]) => unknown;

export interface FakeElectronOptions {
  appPath: string;
  userData: string;
  /** What requestSingleInstanceLock answers: false makes this launch the second instance. */
  gotLock?: boolean;
  /** loadURL rejects with this message (e.g. the renderer files are missing). */
  loadUrlFails?: string;
}

export interface FakeWindow extends EventEmitter {
  options: Record<string, unknown>;
  loadedUrl: string | null;
  reloads: number;
  focused: number;
  shown: boolean;
  /** Emits 'did-start-loading' on reload, as Electron does; a test emits it for a page reloading itself. */
  webContents: EventEmitter;
  /** The channels of webContents.send, in order. */
  sent: string[];
}

export function createFakeElectron(options: FakeElectronOptions) {
  const log: string[] = [];
  const violations: string[] = [];
  let ready = false;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  const record = (call: string, when: 'before-ready' | 'after-ready' | 'any') => {
    log.push(call);
    const wrong = (when === 'before-ready' && ready) || (when === 'after-ready' && !ready);
    if (wrong) {
      const message = `${call} called ${ready ? 'after' : 'before'} the app was ready`;
      violations.push(message);
      throw new Error(message);
    }
  };

  const paths = new Map<string, string>([['userData', options.userData]]);
  const quits: string[] = [];
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    lockData: undefined as unknown,
    exitCode: null as number | null,
    quitCount: 0,
    setPath(name: string, path: string) {
      record(`app.setPath(${name})`, 'before-ready');
      paths.set(name, path);
    },
    getPath(name: string) {
      const path = paths.get(name);
      if (!path) throw new Error(`fake electron: no path for ${name}`);
      return path;
    },
    getAppPath: () => options.appPath,
    enableSandbox: () => record('app.enableSandbox', 'before-ready'),
    requestSingleInstanceLock(data?: unknown) {
      record('app.requestSingleInstanceLock', 'any');
      app.lockData = data;
      return options.gotLock ?? true;
    },
    whenReady: () => readyPromise,
    isReady: () => ready,
    quit() {
      log.push('app.quit');
      app.quitCount += 1;
      quits.push('quit');
    },
    exit(code = 0) {
      log.push(`app.exit(${code})`);
      app.exitCode = code;
    },
  });

  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const privilegedSchemes: unknown[] = [];
  const protocol = {
    registerSchemesAsPrivileged(schemes: unknown[]) {
      record('protocol.registerSchemesAsPrivileged', 'before-ready');
      privilegedSchemes.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      record(`protocol.handle(${scheme})`, 'after-ready');
      protocolHandlers.set(scheme, handler);
    },
  };

  const sessionCalls: Record<string, unknown[]> = {};
  const defaultSession = new Proxy(
    {},
    {
      get(_target, name: string) {
        if (name === 'webRequest')
          return { onBeforeRequest: (handler: unknown) => (sessionCalls.onBeforeRequest = [handler]) };
        return (...args: unknown[]) => void (sessionCalls[name] = args);
      },
    },
  );
  const session = {
    get defaultSession() {
      record('session.defaultSession', 'after-ready');
      return defaultSession;
    },
  };

  const windows: FakeWindow[] = [];
  class BrowserWindow extends EventEmitter {
    options: Record<string, unknown>;
    loadedUrl: string | null = null;
    reloads = 0;
    focused = 0;
    shown = false;
    minimized = false;
    sent: string[] = [];
    webContents = Object.assign(new EventEmitter(), {
      reload: () => {
        this.reloads += 1;
        this.webContents.emit('did-start-loading');
      },
      send: (channel: string) => void this.sent.push(channel),
    });
    constructor(windowOptions: Record<string, unknown>) {
      super();
      record('new BrowserWindow', 'after-ready');
      this.options = windowOptions;
      windows.push(this as FakeWindow);
    }
    async loadURL(url: string) {
      log.push(`window.loadURL(${url})`);
      if (options.loadUrlFails) throw new Error(options.loadUrlFails);
      this.loadedUrl = url;
      this.emit('ready-to-show');
    }
    show() {
      this.shown = true;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.minimized = false;
    }
    focus() {
      this.focused += 1;
    }
  }

  const openDialogAnswers: { canceled: boolean; filePaths: string[] }[] = [];
  const saveDialogAnswers: { canceled: boolean; filePath?: string }[] = [];
  const errorBoxes: [string, string][] = [];
  const dialog = {
    async showOpenDialog(_window: unknown, dialogOptions: unknown) {
      record('dialog.showOpenDialog', 'after-ready');
      dialog.lastOptions = dialogOptions;
      return openDialogAnswers.shift() ?? { canceled: true, filePaths: [] };
    },
    async showSaveDialog(_window: unknown, dialogOptions: unknown) {
      record('dialog.showSaveDialog', 'after-ready');
      dialog.lastOptions = dialogOptions;
      return saveDialogAnswers.shift() ?? { canceled: true };
    },
    lastOptions: undefined as unknown,
    // Electron allows this one before 'ready': it is how a startup failure is reported.
    showErrorBox(title: string, content: string) {
      log.push('dialog.showErrorBox');
      errorBoxes.push([title, content]);
    },
  };

  const invokeHandlers = new Map<string, Listener>();
  const messageListeners = new Map<string, Listener>();
  const ipcMain = {
    handle(channel: string, handler: Listener) {
      if (invokeHandlers.has(channel)) violations.push(`ipcMain.handle(${channel}) registered twice`);
      invokeHandlers.set(channel, handler);
    },
    on(channel: string, listener: Listener) {
      messageListeners.set(channel, listener);
    },
  };

  let applicationMenu: { template: unknown[] } | null = null;
  const Menu = {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu(menu: { template: unknown[] }) {
      record('Menu.setApplicationMenu', 'after-ready');
      applicationMenu = menu;
    },
  };

  /** Reversible, so a test can tell the sealed file never holds the clear text. */
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (text: string) => Buffer.from(text, 'utf8').reverse(),
    decryptString: (sealed: Buffer) => Buffer.from(sealed).reverse().toString('utf8'),
  };

  /** What the app asked the file manager to show (Finish's "Show in folder"). */
  const shownInFolder: string[] = [];
  const shell = {
    showItemInFolder(path: string) {
      record('shell.showItemInFolder', 'after-ready');
      shownInFolder.push(path);
    },
  };

  const module = { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, session, shell };

  return {
    module,
    log,
    violations,
    app,
    windows,
    errorBoxes,
    privilegedSchemes,
    protocolHandlers,
    sessionCalls,
    invokeHandlers,
    messageListeners,
    openDialogAnswers,
    saveDialogAnswers,
    dialog,
    shownInFolder,
    quits,
    menu: () => applicationMenu,
    /** Electron's 'ready': resolves whenReady, then lets the promise chain it started run. */
    async fireReady() {
      log.push('ready');
      ready = true;
      resolveReady();
      app.emit('ready');
      await settle();
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/** Lets pending promise callbacks and timers of the loaded main process run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

const nodeRequire = createRequire(import.meta.url);
type ModuleLoader = { _load: (request: string, parent: unknown, isMain: boolean) => unknown };

/**
 * Runs the bundled main process at `mainPath` as Electron would (argv as given), with `require('electron')`
 * answered by the fake. The bundle is loaded afresh each time, since it acts at load time.
 */
export function loadMainProcess(mainPath: string, fake: FakeElectron, argv: string[]): void {
  const loader = nodeRequire('node:module') as ModuleLoader;
  const originalLoad = loader._load;
  const originalArgv = process.argv;
  loader._load = function (request, parent, isMain) {
    return request === 'electron' ? fake.module : originalLoad.call(this, request, parent, isMain);
  };
  process.argv = argv;
  try {
    delete nodeRequire.cache[mainPath];
    nodeRequire(mainPath);
  } finally {
    // The bundle requires 'electron' once, at load time.
    process.argv = originalArgv;
    loader._load = originalLoad;
  }
}
