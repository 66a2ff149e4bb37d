/**
 * The wire format shared by every transport of BlindRateApi: Electron IPC (preload ↔ main) and the
 * browser-mode loopback bridge (renderer fetch ↔ electron/serve). Both sides import this file, so a
 * change to the envelope or the names breaks the compile on both ends instead of at run time.
 *
 * HTTP (browser mode):
 *   POST <API_PATH_PREFIX><method>      e.g. POST /api/getTask
 *   headers: Content-Type: application/json, <TOKEN_HEADER>: <token from the page URL fragment>
 *   body:    ApiRequest            {"arg": <the method's single argument, omitted for none>}
 *   reply:   ApiResponse (HTTP 200 for ok and for refused calls; 4xx only for transport failures
 *            such as a missing token, a wrong Host or an unknown method, also with an ApiFailure body)
 * IPC (Electron): channel ipcChannel(method), one argument, the same ApiResponse as the result.
 */
import { API_METHODS, type ApiMethod, type BlindRateApi } from './api';
import type { FileHandle, FilePurpose } from './coordinator-api';

export const API_PATH_PREFIX = '/api/';
export const TOKEN_HEADER = 'X-BlindRate-Token';
/** The page receives the token as `#token=<hex>` so it never reaches a server log or a Referer. */
export const TOKEN_FRAGMENT_KEY = 'token';
/**
 * The <meta name=…> through which the server hands the page its per-response style nonce (the same
 * nonce is in that response's CSP header); the renderer gives it to Mantine's getStyleNonce.
 */
export const STYLE_NONCE_META_NAME = 'blindrate-style-nonce';

/**
 * Browser mode's file transfers, outside the JSON calls (which keep their 1 MB body limit):
 *
 *   POST <UPLOAD_PATH>?purpose=<FilePurpose>&name=<file name, URL-encoded>
 *     headers: <TOKEN_HEADER>, Content-Type: application/octet-stream; body: the file's bytes, raw
 *     reply:   ApiResponse<FileHandle>; 413 with a one-line ApiFailure past the purpose's cap
 *              (CoordinatorCapabilities.uploadLimits). The bytes are held in memory only, never
 *              written to disk, and dropped with releaseFile or when the study closes.
 *   GET <DOWNLOAD_PATH_PREFIX><WrittenFile.downloadToken>
 *     headers: <TOKEN_HEADER>; reply: the file (Content-Disposition: attachment; filename=…), or a 4xx
 *              ApiFailure. An export's bytes are kept in memory until the study closes.
 */
export const UPLOAD_PATH = '/upload';
export const DOWNLOAD_PATH_PREFIX = '/download/';
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/** The upload address for one file, as the server parses it. */
export function uploadUrl(purpose: FilePurpose, name: string): string {
  return `${UPLOAD_PATH}?${new URLSearchParams({ purpose, name }).toString()}`;
}

export interface ApiRequest {
  arg?: unknown;
}

export interface ApiSuccess<T = unknown> {
  ok: true;
  value: T;
}

export interface ApiFailure {
  ok: false;
  /** One readable line, shown to the user as is. */
  error: string;
}

export type ApiResponse<T = unknown> = ApiSuccess<T> | ApiFailure;

export function ipcChannel(method: ApiMethod): `blindrate:${ApiMethod}` {
  return `blindrate:${method}`;
}

/**
 * Preload → main, outside the renderer's contract: a file the user dropped onto the window. Only the
 * preload can learn a dropped file's path (webUtils), and only for a real drop, never for a File
 * that page script made up.
 */
export const FILE_DROP_CHANNEL = 'blindrate-shell:file-dropped';

/**
 * The desktop app's drop zones (coordinator workspace): files dropped on one become handles for its
 * purpose, as if chosen in the Open dialog. Electron ≥ 32 has no `File.path`, and the page must never
 * see a path anyway: the page hands the dropped File objects to `window[DROPPED_FILES_BRIDGE]`; the
 * preload reads their paths (webUtils.getPathForFile: only a file the user really dropped has one, a
 * File page script made up has none) and sends them on DROPPED_FILES_CHANNEL; the main process answers
 * with the handles (an ApiResponse). A drop a zone took is no longer opened as a study (FILE_DROP_CHANNEL).
 */
export const DROPPED_FILES_CHANNEL = 'blindrate-shell:files-dropped';
export const DROPPED_FILES_BRIDGE = 'blindrateDroppedFiles';

export interface DroppedFilesRequest {
  purpose: FilePurpose;
  multiple: boolean;
}

export interface DroppedFilesBridge {
  /** Handles of the files among `files` that were really dropped (at most one unless `multiple`). */
  handlesFor(files: readonly File[], request: DroppedFilesRequest): Promise<FileHandle[]>;
}

/**
 * Main → page, outside the renderer's contract: another file was opened (or File › Close Study chosen)
 * while a study is open. The preload turns the IPC message into a DOM event of the same name on
 * `window`, so the page learns of it without a new function on `window.blindrate`. The page saves a
 * complete answer, closes the study and reloads itself, or answers STAYED_IN_STUDY.
 */
export const LEAVE_STUDY_REQUEST = 'blindrate-shell:leave-study';

/**
 * Page → main, the other way round (DOM event on `window`, forwarded by the preload as IPC): the
 * complete answer on screen could not be saved, so the rater stays and the main process must not
 * close the study after all.
 */
export const STAYED_IN_STUDY = 'blindrate-shell:stayed-in-study';

export function isApiMethod(name: string): name is ApiMethod {
  return (API_METHODS as readonly string[]).includes(name);
}

/** Turns a reply back into the value, or throws the server's message as an Error. */
export function unwrapResponse<T>(response: ApiResponse<T>): T {
  if (response.ok) return response.value;
  throw new Error(response.error);
}

/** Reads the token from a location hash such as `#token=ab12…`; null when absent. */
export function tokenFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return params.get(TOKEN_FRAGMENT_KEY);
}

/** Sends one call over some transport and resolves with its reply envelope. */
export type SendApiCall = (method: ApiMethod, arg: unknown) => Promise<ApiResponse>;

/**
 * Builds the full contract on top of one send function: the preload passes IPC, the renderer's
 * browser-mode client passes fetch. Written out method by method so `satisfies` checks every
 * argument and result type against BlindRateApi and rejects any extra member.
 */
export function createApiClient(send: SendApiCall): BlindRateApi {
  const call = <M extends ApiMethod>(method: M, arg?: Parameters<BlindRateApi[M]>[0]) =>
    send(method, arg).then(unwrapResponse) as ReturnType<BlindRateApi[M]>;
  return {
    listStudies: () => call('listStudies'),
    openStudyFile: () => call('openStudyFile'),
    canRememberPassphrase: () => call('canRememberPassphrase'),
    unlockStudy: (request) => call('unlockStudy', request),
    listRaterProgress: () => call('listRaterProgress'),
    startSession: (raterId) => call('startSession', raterId),
    getOverview: () => call('getOverview'),
    listAssignments: (kind) => call('listAssignments', kind),
    getTask: (assignmentId) => call('getTask', assignmentId),
    saveRating: (request) => call('saveRating', request),
    savePreference: (request) => call('savePreference', request),
    savePairwise: (request) => call('savePairwise', request),
    setFlag: (request) => call('setFlag', request),
    lockRater: () => call('lockRater'),
    getReport: (request) => call('getReport', request),
    showStudyInFolder: () => call('showStudyInFolder'),
    closeStudy: () => call('closeStudy'),
    getCoordinatorCapabilities: () => call('getCoordinatorCapabilities'),
    chooseFiles: (request) => call('chooseFiles', request),
    releaseFile: (token) => call('releaseFile', token),
    listRubricPresets: () => call('listRubricPresets'),
    previewRubric: (source) => call('previewRubric', source),
    checkPassphrase: (request) => call('checkPassphrase', request),
    createStudy: (request) => call('createStudy', request),
    previewImport: (request) => call('previewImport', request),
    startImportValidation: (request) => call('startImportValidation', request),
    startImport: (request) => call('startImport', request),
    listImports: () => call('listImports'),
    getJob: (jobId) => call('getJob', jobId),
    cancelJob: (jobId) => call('cancelJob', jobId),
    getSampleSetup: () => call('getSampleSetup'),
    previewSample: (draft) => call('previewSample', draft),
    drawSample: (request) => call('drawSample', request),
    checkRaterNames: (names) => call('checkRaterNames', names),
    getAssignmentSetup: () => call('getAssignmentSetup'),
    previewAssignment: (draft) => call('previewAssignment', draft),
    assignRaters: (draft) => call('assignRaters', draft),
    addRaters: (request) => call('addRaters', request),
    listPackages: () => call('listPackages'),
    startPack: (request) => call('startPack', request),
    revealPackageSheet: (request) => call('revealPackageSheet', request),
    startMerge: (request) => call('startMerge', request),
    startExport: (request) => call('startExport', request),
    previewAdjudication: (request) => call('previewAdjudication', request),
    startAdjudicate: (request) => call('startAdjudicate', request),
    listAdjudicationRounds: () => call('listAdjudicationRounds'),
    getProtocolSeal: () => call('getProtocolSeal'),
    sealProtocol: () => call('sealProtocol'),
  } satisfies BlindRateApi;
}
