/**
 * The whole desktop shell without the Electron binary: the real bundle (build/bundle-electron.mjs,
 * the same build as `npm run build:electron`) runs under Node with a recording fake `electron`
 * (./fake-electron.ts). Covers electron/main/index.ts, the lifecycle and the menu: start-up order,
 * the app:// protocol, every IPC channel through a demo study, opening files every way the OS and
 * the user can (second launch, macOS open-file, drop, File › Open), with a study open the page asked
 * to leave it first, start-up failures, and quitting.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleElectron } from '../../../build/bundle-electron.mjs';
import { mainArgumentList } from '../../../electron/main/arguments';
import { LEAVE_STUDY_TIMEOUT_MS } from '../../../electron/main/leave-study';
import { buildDemoPackage, buildDemoStudy } from '../../../electron/services/demo';
import {
  API_METHODS,
  type SessionOverview,
  type StudyRef,
  type StudySummary,
  type TaskPayload,
} from '../../../shared/api';
import type { FileHandle, JobRef, JobStatus } from '../../../shared/coordinator-api';
import {
  DROPPED_FILES_CHANNEL,
  LEAVE_STUDY_REQUEST,
  STAYED_IN_STUDY,
  type ApiResponse,
} from '../../../shared/transport';
import { createFakeElectron, loadMainProcess, settle, type FakeElectron } from './fake-electron';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const PASSPHRASE = 'shell test passphrase';
const NODE_BUILD = createRequire(import.meta.url).resolve(
  'better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node',
);
const TRUSTED = { senderFrame: { url: 'app://blindrate/index.html', parent: null } };
const UNTRUSTED = { senderFrame: { url: 'https://evil.test/', parent: null } };

let work: string;
let bundleDir: string;
let mainPath: string;
let appPath: string;
let studyPath: string;
let packagePath: string;

beforeAll(async () => {
  mkdirSync(join(REPO_ROOT, 'dist'), { recursive: true });
  // Inside the repository, so the bundle's require of the database driver finds node_modules.
  bundleDir = mkdtempSync(join(REPO_ROOT, 'dist', 'shell-test-'));
  await bundleElectron(join(bundleDir, 'electron'));
  mainPath = join(bundleDir, 'electron', 'main.cjs');
  // The renderer the protocol serves: dist/renderer next to dist/electron.
  mkdirSync(join(bundleDir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(
    join(bundleDir, 'renderer', 'index.html'),
    '<!doctype html><div id="root"></div><script src="./assets/app.js"></script>',
  );
  writeFileSync(join(bundleDir, 'renderer', 'assets', 'app.js'), 'console.log("renderer");');

  work = mkdtempSync(join(tmpdir(), 'blindrate-shell-'));
  // The project folder Electron is started on. Its "Electron build" of the native module is a copy of
  // the Node build (this runs under Node): a copy at its own path, so the test can see it was the one loaded.
  appPath = join(work, 'app');
  mkdirSync(join(appPath, 'native', 'electron'), { recursive: true });
  copyFileSync(NODE_BUILD, join(appPath, 'native', 'electron', 'better_sqlite3.node'));
  studyPath = join(work, 'demo study.db');
  await buildDemoStudy(studyPath, PASSPHRASE, () => new Date('2026-01-15T09:00:00Z'));
  packagePath = join(work, 'Dr Ada.blindrate');
  buildDemoPackage(studyPath, PASSPHRASE, packagePath, PASSPHRASE, () => new Date('2026-01-15T09:00:00Z'));
}, 60_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

function launch(
  options: { gotLock?: boolean; loadUrlFails?: string; appPath?: string; argv?: string[] } = {},
): FakeElectron {
  const fake = createFakeElectron({
    appPath: options.appPath ?? appPath,
    userData: mkdtempSync(join(work, 'user-data-')),
    gotLock: options.gotLock,
    loadUrlFails: options.loadUrlFails,
  });
  loadMainProcess(
    mainPath,
    fake,
    options.argv ?? ['electron', '.', ...mainArgumentList({ study: studyPath, userData: null })],
  );
  return fake;
}

async function invoke<T>(fake: FakeElectron, method: string, arg?: unknown, event: unknown = TRUSTED): Promise<T> {
  const handler = fake.invokeHandlers.get(`blindrate:${method}`);
  if (!handler) throw new Error(`no IPC handler for ${method}`);
  const reply = (await (handler as (e: unknown, a: unknown) => Promise<ApiResponse>)(
    event as never,
    arg as never,
  )) as ApiResponse<T>;
  if (!reply.ok) throw new Error(`${method} refused: ${reply.error}`);
  return reply.value;
}

function menuItem(fake: FakeElectron, label: string): { label: string; accelerator?: string; click: () => void } {
  const file = (fake.menu()!.template as { label?: string; submenu?: unknown[] }[]).find((m) => m.label === 'File')!;
  return (file.submenu as { label?: string; accelerator?: string; click: () => void }[]).find(
    (i) => i.label === label,
  ) as never;
}

describe('start-up', () => {
  it('does before ready what Electron needs before ready, and the rest after', async () => {
    const fake = launch();
    expect(fake.windows).toHaveLength(0);
    expect(fake.log.slice(0, 3)).toEqual([
      'protocol.registerSchemesAsPrivileged',
      'app.enableSandbox',
      'app.requestSingleInstanceLock',
    ]);
    expect(fake.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    await fake.fireReady();

    expect(fake.violations).toEqual([]);
    expect(fake.errorBoxes).toEqual([]);
    expect(fake.app.exitCode).toBeNull();
    const ready = fake.log.indexOf('ready');
    for (const call of [
      'protocol.handle(app)',
      'session.defaultSession',
      'new BrowserWindow',
      'Menu.setApplicationMenu',
    ]) {
      expect(fake.log.indexOf(call), call).toBeGreaterThan(ready);
    }
    const [window] = fake.windows;
    expect(window!.loadedUrl).toBe('app://blindrate/index.html');
    expect(window!.shown).toBe(true);
    const webPreferences = window!.options.webPreferences as {
      preload: string;
      sandbox: boolean;
      contextIsolation: boolean;
    };
    expect(webPreferences).toMatchObject({ sandbox: true, contextIsolation: true });
    expect(existsSync(webPreferences.preload), 'the preload the window names was bundled next to main.cjs').toBe(true);
    expect(fake.sessionCalls.setSpellCheckerEnabled).toEqual([false]);
    expect(fake.sessionCalls.setPermissionRequestHandler).toHaveLength(1);
    expect(fake.sessionCalls.onBeforeRequest).toHaveLength(1);
    expect([...fake.invokeHandlers.keys()].sort()).toEqual(
      [...API_METHODS.map((m) => `blindrate:${m}`), DROPPED_FILES_CHANNEL].sort(),
    );
    expect(menuItem(fake, 'Open…').accelerator).toBe('CmdOrCtrl+O');
  });

  it('serves the built renderer on app://blindrate/ and nothing outside it', async () => {
    const fake = launch();
    await fake.fireReady();
    const handler = fake.protocolHandlers.get('app')!;
    const page = await handler(new Request('app://blindrate/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    const script = await handler(new Request('app://blindrate/assets/app.js'));
    expect(await script.text()).toBe('console.log("renderer");');
    expect((await handler(new Request('app://blindrate/../../../etc/passwd'))).status).toBe(404);
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect((await handler(new Request('app://blindrate/missing.js'))).status).toBe(404);
  });
});

describe('a rater session over IPC', () => {
  it('answers every contract channel, from the demo master (coordinator) to its rater package, with the Electron build of the driver', async () => {
    const fake = launch();
    await fake.fireReady();
    const called = new Set<string>();
    const call = <T>(method: string, arg?: unknown) => (called.add(method), invoke<T>(fake, method, arg));

    const refused = await (fake.invokeHandlers.get('blindrate:listStudies') as (e: unknown) => Promise<ApiResponse>)(
      UNTRUSTED,
    );
    expect(refused).toEqual({ ok: false, error: 'Refused: the call did not come from the BlindRate window.' });

    expect(await call<StudyRef[]>('listStudies')).toEqual([
      { path: studyPath, label: 'demo study.db', passphraseRemembered: false },
    ]);
    expect(await call('canRememberPassphrase')).toBe(true);
    const master = await call<StudySummary>('unlockStudy', { path: studyPath, passphrase: PASSPHRASE, remember: true });
    expect(master.role).toBe('coordinator');
    expect(Object.keys(createRequire(import.meta.url).cache)).toContain(
      join(appPath, 'native', 'electron', 'better_sqlite3.node'),
    );
    const userData = fake.app.getPath('userData');
    expect(readFileSync(join(userData, 'passphrases.json'), 'utf8')).not.toContain(PASSPHRASE);
    expect(await call<{ rater: { name: string } }[]>('listRaterProgress')).toMatchObject([
      { rater: { name: 'Demo rater' }, packagesIssued: 1 },
    ]);
    expect(await call<object>('getReport')).toMatchObject({
      result: { counts: { raters: 0 } },
      study: { raters: { locked: 0 } },
    });
    await expect(call('startSession', 1)).rejects.toThrow('rating happens in rater packages');

    // The coordinator's workspace: every file through a system dialog, the long work as jobs in the worker.
    const job = async (ref: JobRef | null): Promise<JobStatus> => {
      for (;;) {
        const status = await call<JobStatus>('getJob', ref!.jobId);
        if (status.state !== 'running') return status;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    expect(await call('getCoordinatorCapabilities')).toMatchObject({ files: 'dialogs', workspaceLabel: null });
    expect((await call<{ id: string }[]>('listRubricPresets')).map((p) => p.id)).toEqual([
      'medisumqa',
      'chq-summ',
      'med-palm-harm',
      'pdsqi-9',
      'quest',
    ]);
    expect(await call('previewRubric', { preset: 'chq-summ' })).toMatchObject({ ok: true });
    expect(await call('checkPassphrase', { passphrase: 'abc', context: [] })).toMatchObject({ strong: false });
    const extra = join(work, 'extra.jsonl');
    writeFileSync(
      extra,
      `${JSON.stringify({ item_id: 'extra-1', model: 'extra-model', question: 'Q?', output: 'A.', scores: { rouge1: 0.5 } })}\n`,
    );
    fake.openDialogAnswers.push({ canceled: false, filePaths: [extra] });
    const [file] = await call<FileHandle[]>('chooseFiles', { purpose: 'import', multiple: true });
    expect(fake.dialog.lastOptions).toMatchObject({ properties: ['openFile', 'multiSelections'] });
    expect(file).toMatchObject({ name: 'extra.jsonl', purpose: 'import' });
    const importRequest = { files: [file!.token], map: {}, model: '', ignoreUnknown: false, join: null };
    expect(await call('previewImport', importRequest)).toMatchObject([{ file: 'extra.jsonl', format: 'jsonl' }]);
    expect(await job(await call('startImportValidation', importRequest))).toMatchObject({ state: 'done' });
    const imported = await call<JobRef>('startImport', importRequest);
    expect(await job(imported)).toMatchObject({ state: 'done', result: { summary: { outputs: 1 } } });
    expect(await call('cancelJob', imported.jobId)).toMatchObject({ state: 'done' });
    expect((await call<{ file: string }[]>('listImports')).map((i) => i.file)).toContain('extra.jsonl');
    await call('releaseFile', file!.token);
    expect(await call('getSampleSetup')).toMatchObject({
      redrawRefusal: expect.stringContaining('cannot be replaced'),
    });
    const draft = { task: 'rating', bins: 5, perBin: 2, metrics: [], seed: 1, disjoint: true, models: [] };
    expect(await call('previewSample', draft)).toMatchObject({
      problem: expect.stringContaining('cannot be replaced'),
    });
    await expect(call('drawSample', { ...draft, replace: true })).rejects.toThrow('cannot be replaced');
    expect(await call('checkRaterNames', ['Dr Bo', 'dr bo'])).toEqual(['"dr bo" is named twice (as "Dr Bo").']);
    expect(await call('getAssignmentSetup')).toMatchObject({ plan: { tasksPerRater: [{ name: 'Demo rater' }] } });
    const assign = {
      raters: ['Dr Bo'],
      overlap: null,
      seed: 1,
      qc: { repeats: 0, referenceControls: 0, calibration: 0 },
      calibrationFile: null,
      replace: false,
    };
    expect(await call('previewAssignment', assign)).toMatchObject({ ok: false });
    await expect(call('assignRaters', assign)).rejects.toThrow('already');
    expect(await call('addRaters', { raters: ['Dr Bo'] })).toMatchObject({
      tasksPerRater: [{ name: 'Demo rater' }, { name: 'Dr Bo' }],
    });
    const packs = join(work, 'packs');
    mkdirSync(packs);
    fake.openDialogAnswers.push({ canceled: false, filePaths: [packs] });
    const packed = await job(await call('startPack', { raters: ['Dr Bo'] }));
    expect(packed).toMatchObject({
      state: 'done',
      result: { packages: [{ rater: 'Dr Bo', fileName: 'Dr Bo.blindrate' }] },
    });
    const sheet = (packed as { result: { packages: { packageId: string; passphrase: string }[] } }).result.packages[0]!;
    expect(
      await call('revealPackageSheet', { packageId: sheet.packageId, masterPassphrase: PASSPHRASE }),
    ).toMatchObject({
      passphrase: sheet.passphrase,
    });
    expect((await call<{ rater: string }[]>('listPackages')).map((p) => p.rater)).toEqual(['Demo rater', 'Dr Bo']);
    expect(await call('getProtocolSeal')).toBeNull();
    const seal = await call<{ hash: string }>('sealProtocol');
    expect(seal.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await call('getProtocolSeal')).toMatchObject({ hash: seal.hash, deviations: 0 });
    fake.openDialogAnswers.push({ canceled: false, filePaths: [join(packs, 'Dr Bo.blindrate')] });
    const [returned] = await call<FileHandle[]>('chooseFiles', { purpose: 'returns', multiple: true });
    expect(await job(await call('startMerge', { files: [returned!.token] }))).toMatchObject({
      state: 'done',
      result: { merged: true, files: [{ file: 'Dr Bo.blindrate', accepted: true }] },
    });
    const exported = join(work, 'ratings.csv');
    fake.saveDialogAnswers.push({ canceled: false, filePath: exported });
    expect(await job(await call('startExport', { what: 'ratings', format: 'csv' }))).toMatchObject({ state: 'done' });
    expect(readFileSync(exported, 'utf8')).toMatch(/^rater,/);
    // The Adjudicate step's calls: its counts, its rounds, and a refusal before any Save dialog opens.
    expect(await call('previewAdjudication', { thresholds: { likert: 3 } })).toMatchObject({
      thresholds: [{ kind: 'likert', threshold: 3, defaultThreshold: 2 }],
    });
    expect(await call('listAdjudicationRounds')).toEqual([]);
    await expect(
      call('startAdjudicate', { adjudicator: 'Dr Bo', showRatings: true, thresholds: {}, passphrase: null }),
    ).rejects.toThrow('Dr Bo is a rater of this study');
    const created = join(work, 'new study.db');
    fake.saveDialogAnswers.push({ canceled: false, filePath: created });
    const strong = 'quartz lantern meadow bicycle orbit';
    expect(
      await call('createStudy', {
        fileName: 'new study',
        name: '',
        rubric: { preset: 'medisumqa' },
        passphrase: strong,
        confirmation: strong,
      }),
    ).toMatchObject({ path: created, role: 'coordinator', name: 'new study' });
    expect((await call<StudyRef[]>('listStudies')).map((s) => s.path)).toContain(created);

    fake.openDialogAnswers.push({ canceled: false, filePaths: [packagePath] });
    expect(await call<StudyRef>('openStudyFile')).toMatchObject({ path: packagePath, label: 'Dr Ada.blindrate' });
    expect(fake.dialog.lastOptions).toMatchObject({ filters: [{ extensions: ['db', 'blindrate'] }] });
    const summary = await call<StudySummary>('unlockStudy', {
      path: packagePath,
      passphrase: PASSPHRASE,
      remember: false,
    });
    expect(summary).toMatchObject({ role: 'rater', rater: { name: 'Demo rater' } });
    const overview = await call<SessionOverview>('startSession', summary.rater!.id);
    expect(await call<SessionOverview>('getOverview')).toEqual(overview);
    expect((await call<unknown[]>('listAssignments', 'rating')).length).toBeGreaterThan(0);
    const rating = await call<TaskPayload>('getTask', overview.resume.rating);
    const values = Object.fromEntries(summary.rubric.dimensions.map((d) => [d.key, d.scale[0]!.value]));
    await call('saveRating', { assignmentId: rating.assignmentId, values, comment: 'clear', durationMs: 1200 });
    await call('setFlag', { assignmentId: rating.assignmentId, flagged: true });
    await call('savePreference', {
      assignmentId: overview.resume.preference,
      choice: 'A',
      comment: '',
      durationMs: 900,
    });
    expect((await call<unknown[]>('listAssignments', 'preference')).length).toBeGreaterThan(0);
    // The demo package has no pairwise task: the channel answers, and refuses a choice on a preference.
    await expect(
      call('savePairwise', {
        assignmentId: overview.resume.preference,
        choice: 'B',
        bothUnacceptable: true,
        comment: '',
        durationMs: 700,
      }),
    ).rejects.toThrow('is a preference task, not a pairwise task');
    const progress = (await call<SessionOverview>('getOverview')).progress;
    expect(progress.find((p) => p.kind === 'rating')).toMatchObject({ done: 1, flagged: 1 });
    expect(progress.find((p) => p.kind === 'preference')).toMatchObject({ done: 1 });
    await call('lockRater');
    await call('showStudyInFolder');
    expect(fake.shownInFolder).toEqual([packagePath]);
    await expect(call('getReport')).rejects.toThrow('This is a rater package');
    await call('closeStudy');
    await expect(call('getOverview')).rejects.toThrow('No study is open');

    // The passphrase sealed above opens the master with an empty field.
    await call('unlockStudy', { path: studyPath, passphrase: '', remember: false });
    await call('closeStudy');
    expect([...called].sort()).toEqual([...API_METHODS].sort());
  });
});

describe('files dropped on a drop zone of the coordinator workspace', () => {
  it("turns the preload's paths into handles for the zone's purpose, for the app's own window only, naming no path", async () => {
    const fake = launch();
    await fake.fireReady();
    const dropped = fake.invokeHandlers.get(DROPPED_FILES_CHANNEL) as (
      e: unknown,
      a: unknown,
    ) => ApiResponse<FileHandle[]>;
    const first = join(work, 'dropped-1.jsonl');
    const second = join(work, 'dropped-2.jsonl');
    for (const [path, id] of [
      [first, 'dropped-1'],
      [second, 'dropped-2'],
    ] as const)
      writeFileSync(path, `${JSON.stringify({ item_id: id, model: 'm', question: 'Q?', output: 'A.' })}\n`);
    const request = { purpose: 'import', multiple: true, paths: [first, second] };

    expect(dropped(TRUSTED, request)).toEqual({ ok: false, error: 'No study is open: unlock a study first.' });
    await invoke(fake, 'unlockStudy', { path: studyPath, passphrase: PASSPHRASE, remember: false });
    expect(dropped(UNTRUSTED, request)).toEqual({
      ok: false,
      error: 'Refused: the call did not come from the BlindRate window.',
    });
    for (const malformed of [
      { ...request, paths: ['dropped-1.jsonl'] },
      { ...request, purpose: 'anything' },
      { ...request, paths: [] },
      { ...request, extra: true },
    ])
      expect(dropped(TRUSTED, malformed)).toMatchObject({ ok: false, error: expect.stringContaining('Refused') });

    const reply = dropped(TRUSTED, request);
    expect(reply).toMatchObject({
      ok: true,
      value: [
        { name: 'dropped-1.jsonl', purpose: 'import' },
        { name: 'dropped-2.jsonl', purpose: 'import' },
      ],
    });
    const handles = (reply as { value: FileHandle[] }).value;
    expect(JSON.stringify(handles)).not.toContain(work);
    // The handles work like those of the Open dialog.
    const importRequest = { files: handles.map((h) => h.token), map: {}, model: '', ignoreUnknown: false, join: null };
    expect(await invoke(fake, 'previewImport', importRequest)).toMatchObject([
      { file: 'dropped-1.jsonl' },
      { file: 'dropped-2.jsonl' },
    ]);
    expect(dropped(TRUSTED, { ...request, multiple: false })).toMatchObject({
      ok: true,
      value: [{ name: 'dropped-1.jsonl' }],
    });
    const folder = join(work, 'a dropped folder');
    mkdirSync(folder, { recursive: true });
    const refused = dropped(TRUSTED, { ...request, paths: [first, folder] });
    expect(refused).toEqual({
      ok: false,
      error: 'a dropped folder cannot be used: only files can be dropped here, and it is not one.',
    });
    await invoke(fake, 'closeStudy');
  });
});

const listed = async (fake: FakeElectron) => (await invoke<StudyRef[]>(fake, 'listStudies')).map((s) => s.path);

describe('opening files', () => {
  it('lists the files start offers beside the one it opens (the demo master beside its rater package), the opened one first', async () => {
    const fake = launch({
      argv: ['electron', '.', ...mainArgumentList({ study: packagePath, userData: null, alsoOffer: [studyPath] })],
    });
    await fake.fireReady();
    expect(await listed(fake)).toEqual([packagePath, studyPath]);
  });

  it('a second launch with a file hands it to the running instance and quits', async () => {
    const second = launch({ gotLock: false, argv: ['BlindRate', 'Dr Ada.blindrate'] });
    expect(second.app.lockData).toEqual({ study: resolve(process.cwd(), 'Dr Ada.blindrate') });
    expect(second.app.quitCount).toBe(1);
    await second.fireReady();
    expect(second.windows).toHaveLength(0);
    expect(second.violations).toEqual([]);
  });

  it('the running instance opens what a second launch, the macOS Finder, a drop or File › Open hands it', async () => {
    const fake = launch();
    await fake.fireReady();
    const [window] = fake.windows;

    fake.app.emit('second-instance', {}, ['BlindRate', 'x'], '/elsewhere', { study: packagePath });
    await settle();
    expect((await listed(fake))[0]).toBe(packagePath);
    expect(window!.reloads).toBe(1);
    expect(window!.focused).toBeGreaterThan(0);
    fake.app.emit('second-instance', {}, ['BlindRate'], '/elsewhere', { study: 42 });
    await settle();
    expect(window!.reloads, 'malformed data from another process is ignored').toBe(1);

    fake.app.emit('open-file', { preventDefault: () => undefined }, studyPath);
    await settle();
    expect((await listed(fake))[0]).toBe(studyPath);

    const drop = fake.messageListeners.get('blindrate-shell:file-dropped')!;
    (drop as (e: unknown, p: unknown) => void)(UNTRUSTED, packagePath);
    await settle();
    expect((await listed(fake))[0], 'a drop from another frame is ignored').toBe(studyPath);
    (drop as (e: unknown, p: unknown) => void)(TRUSTED, packagePath);
    await settle();
    expect((await listed(fake))[0]).toBe(packagePath);

    const reloads = window!.reloads;
    fake.openDialogAnswers.push({ canceled: false, filePaths: [studyPath] });
    menuItem(fake, 'Open…').click();
    await settle();
    expect((await listed(fake))[0]).toBe(studyPath);
    expect(window!.reloads).toBe(reloads + 1);
    menuItem(fake, 'Open…').click();
    await settle();
    expect(window!.reloads, 'a cancelled dialog changes nothing').toBe(reloads + 1);
    expect(fake.violations).toEqual([]);
  });

  it('a file the OS passes before the app is ready (macOS open-file, a bare argument) is in the list once it is', async () => {
    const fake = launch({ argv: ['BlindRate', packagePath] });
    fake.app.emit('open-file', { preventDefault: () => undefined }, studyPath);
    await fake.fireReady();
    expect((await listed(fake)).sort()).toEqual([packagePath, studyPath].sort());
  });
});

describe('opening a file while a study is open', () => {
  // Only the timers: promises and setImmediate (settle) keep running for real.
  afterEach(() => void vi.useRealTimers());

  async function launchWithOpenStudy() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = launch();
    await fake.fireReady();
    await invoke(fake, 'unlockStudy', { path: studyPath, passphrase: PASSPHRASE, remember: false });
    return { fake, window: fake.windows[0]! };
  }
  const studyIsOpen = (fake: FakeElectron) =>
    invoke(fake, 'getOverview').then(
      () => true,
      (error: Error) => !error.message.includes('No study is open'),
    );

  it('asks the page to leave it instead of reloading at once; a page that saves, closes and reloads itself gets nothing more', async () => {
    const { fake, window } = await launchWithOpenStudy();
    fake.app.emit('second-instance', {}, ['BlindRate'], '/elsewhere', { study: packagePath });
    await settle();
    expect(window.sent).toEqual([LEAVE_STUDY_REQUEST]);
    expect(window.reloads).toBe(0);
    expect(await studyIsOpen(fake)).toBe(true);
    expect((await listed(fake))[0], 'the requested file is first for the reloaded page').toBe(packagePath);

    // What the renderer does (leaveStudyRequests.ts): close over IPC, then reload itself.
    await invoke(fake, 'closeStudy');
    window.webContents.emit('did-start-loading');
    await invoke(fake, 'unlockStudy', { path: packagePath, passphrase: PASSPHRASE, remember: false });
    vi.advanceTimersByTime(LEAVE_STUDY_TIMEOUT_MS);
    await settle();
    expect(window.reloads).toBe(0);
    expect(await studyIsOpen(fake), 'the package the reloaded page unlocked stays open').toBe(true);
  });

  it('a page that never answers is closed and reloaded after the timeout, whichever way the file came (drop, File › Open, Close Study)', async () => {
    const { fake, window } = await launchWithOpenStudy();
    const drop = fake.messageListeners.get('blindrate-shell:file-dropped') as (e: unknown, p: unknown) => void;
    const ways = [
      () => drop(TRUSTED, packagePath),
      () => {
        fake.openDialogAnswers.push({ canceled: false, filePaths: [packagePath] });
        menuItem(fake, 'Open…').click();
      },
      () => menuItem(fake, 'Close Study').click(),
    ];
    for (const [n, leave] of ways.entries()) {
      await invoke(fake, 'unlockStudy', { path: studyPath, passphrase: PASSPHRASE, remember: false });
      leave();
      await settle();
      expect(window.sent).toHaveLength(n + 1);
      vi.advanceTimersByTime(LEAVE_STUDY_TIMEOUT_MS - 1);
      await settle();
      expect(window.reloads).toBe(n);
      expect(await studyIsOpen(fake)).toBe(true);
      vi.advanceTimersByTime(1);
      await settle();
      expect(window.reloads).toBe(n + 1);
      expect(await studyIsOpen(fake)).toBe(false);
    }
  });

  it('a page whose save failed says it stays: the study is not closed under the rater (only its own window may say so)', async () => {
    const { fake, window } = await launchWithOpenStudy();
    fake.app.emit('open-file', { preventDefault: () => undefined }, packagePath);
    await settle();
    const stayed = fake.messageListeners.get(STAYED_IN_STUDY) as (e: unknown) => void;
    stayed(UNTRUSTED);
    stayed(TRUSTED);
    vi.advanceTimersByTime(LEAVE_STUDY_TIMEOUT_MS * 2);
    await settle();
    expect(window.reloads).toBe(0);
    expect(await studyIsOpen(fake)).toBe(true);

    fake.app.emit('open-file', { preventDefault: () => undefined }, studyPath);
    await settle();
    stayed(UNTRUSTED);
    vi.advanceTimersByTime(LEAVE_STUDY_TIMEOUT_MS);
    await settle();
    expect(window.reloads, 'a refusal from another frame does not count').toBe(1);
  });

  it('with no study open, reloads at once as before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fake = launch();
    await fake.fireReady();
    menuItem(fake, 'Close Study').click();
    await settle();
    expect(fake.windows[0]!.sent).toEqual([]);
    expect(fake.windows[0]!.reloads).toBe(1);
  });
});

describe('quitting', () => {
  it('closes the study when the last window closes, then quits; and on will-quit', async () => {
    const fake = launch();
    await fake.fireReady();
    await invoke(fake, 'unlockStudy', { path: studyPath, passphrase: PASSPHRASE, remember: false });
    fake.app.emit('window-all-closed');
    await settle();
    expect(fake.app.quitCount).toBe(1);
    await expect(invoke(fake, 'getOverview')).rejects.toThrow('No study is open');

    await invoke(fake, 'unlockStudy', { path: studyPath, passphrase: PASSPHRASE, remember: false });
    fake.app.emit('will-quit');
    await expect(invoke(fake, 'getOverview')).rejects.toThrow('No study is open');
  });
});

describe('start-up failures', () => {
  it('a missing Electron build of the database module: an error box saying how to make it, exit code 1, no window', async () => {
    const bare = mkdtempSync(join(work, 'no-native-'));
    const fake = launch({ appPath: bare });
    await fake.fireReady();
    expect(fake.windows).toHaveLength(0);
    expect(fake.errorBoxes).toEqual([
      [
        'BlindRate could not start',
        expect.stringMatching(
          /^The database module built for Electron is missing \(.+\): run `npm run setup:electron`/,
        ),
      ],
    ]);
    expect(fake.app.exitCode).toBe(1);
  });

  it('a page that cannot load: an error box and exit code 1 instead of a windowless process', async () => {
    const fake = launch({ loadUrlFails: 'ERR_FILE_NOT_FOUND (-6) loading app://blindrate/index.html' });
    await fake.fireReady();
    expect(fake.errorBoxes).toEqual([
      ['BlindRate could not start', 'ERR_FILE_NOT_FOUND (-6) loading app://blindrate/index.html'],
    ]);
    expect(fake.app.exitCode).toBe(1);
  });
});
