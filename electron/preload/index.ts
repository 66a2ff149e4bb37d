/// <reference lib="dom" />
// The preload runs inside the page (isolated world), so it alone on the main-process side sees the DOM.
/**
 * The preload: exposes exactly BlindRateApi as `window.blindrate`, one IPC channel per method.
 * No ipcRenderer, no generic invoke; beside it only the desktop drop zones' bridge, which turns
 * dropped File objects into file handles (shared/transport.ts). It also forwards a file dropped
 * elsewhere onto the window to the main process, which opens it like File › Open, and relays the
 * request to leave the open study (and the page's answer that it stays) as DOM events on `window`.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { BlindRateApi } from '../../shared/api';
import {
  createApiClient,
  DROPPED_FILES_BRIDGE,
  DROPPED_FILES_CHANNEL,
  FILE_DROP_CHANNEL,
  unwrapResponse,
  type DroppedFilesBridge,
  ipcChannel,
  LEAVE_STUDY_REQUEST,
  STAYED_IN_STUDY,
  type ApiResponse,
} from '../../shared/transport';

export const blindrateApi = createApiClient(
  (method, arg) => ipcRenderer.invoke(ipcChannel(method), arg) as Promise<ApiResponse>,
) satisfies BlindRateApi;

contextBridge.exposeInMainWorld('blindrate', blindrateApi);

/** Paths are read here and go straight to the main process; the page gets back handles only. */
export const droppedFilesBridge: DroppedFilesBridge = {
  async handlesFor(files, request) {
    const paths = [...files].map((file) => webUtils.getPathForFile(file)).filter((path) => path !== '');
    if (paths.length === 0) return [];
    const { purpose, multiple } = request;
    const reply = (await ipcRenderer.invoke(DROPPED_FILES_CHANNEL, { purpose, multiple, paths })) as ApiResponse;
    return unwrapResponse(reply) as Awaited<ReturnType<DroppedFilesBridge['handlesFor']>>;
  },
};

contextBridge.exposeInMainWorld(DROPPED_FILES_BRIDGE, droppedFilesBridge);

/** Listens in the preload's isolated world: page script can neither remove the listener nor forge a path. */
export function forwardDroppedFiles(target: Pick<Window, 'addEventListener'>): void {
  const acceptFiles = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
  target.addEventListener('dragover', acceptFiles);
  target.addEventListener('drop', (event) => {
    // A drop zone of the page took the files (droppedFilesBridge): they are not a study to open.
    if (event.defaultPrevented) return;
    acceptFiles(event);
    const file = event.dataTransfer?.files[0];
    const path = file ? webUtils.getPathForFile(file) : '';
    if (path) ipcRenderer.send(FILE_DROP_CHANNEL, path);
  });
}

forwardDroppedFiles(window);

/** Events carry no data either way, so nothing but the bare request and answer crosses between the worlds. */
export function relayLeaveStudyRequests(target: Pick<Window, 'addEventListener' | 'dispatchEvent'>): void {
  ipcRenderer.on(LEAVE_STUDY_REQUEST, () => target.dispatchEvent(new Event(LEAVE_STUDY_REQUEST)));
  target.addEventListener(STAYED_IN_STUDY, () => ipcRenderer.send(STAYED_IN_STUDY));
}

relayLeaveStudyRequests(window);
