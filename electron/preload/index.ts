/// <reference lib="dom" />
// The preload runs inside the page (isolated world), so it alone on the main-process side sees the DOM.
/**
 * The preload: exposes exactly BlindRateApi as `window.blindrate`, one IPC channel per method.
 * No ipcRenderer, no generic invoke, nothing else reaches the page. It also forwards a file dropped
 * onto the window to the main process, which opens it like File › Open, and relays the request to
 * leave the open study (and the page's answer that it stays) as DOM events on `window`.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { BlindRateApi } from '../../shared/api';
import {
  createApiClient,
  FILE_DROP_CHANNEL,
  ipcChannel,
  LEAVE_STUDY_REQUEST,
  STAYED_IN_STUDY,
  type ApiResponse,
} from '../../shared/transport';

export const blindrateApi = createApiClient(
  (method, arg) => ipcRenderer.invoke(ipcChannel(method), arg) as Promise<ApiResponse>,
) satisfies BlindRateApi;

contextBridge.exposeInMainWorld('blindrate', blindrateApi);

/** Listens in the preload's isolated world: page script can neither remove the listener nor forge a path. */
export function forwardDroppedFiles(target: Pick<Window, 'addEventListener'>): void {
  const acceptFiles = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
  target.addEventListener('dragover', acceptFiles);
  target.addEventListener('drop', (event) => {
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
