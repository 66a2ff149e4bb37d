/**
 * The preload: exposes exactly BlindRateApi as `window.blindrate`, one IPC channel per method.
 * No ipcRenderer, no generic invoke, nothing else reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { BlindRateApi } from '../../shared/api';
import { createApiClient, ipcChannel, type ApiResponse } from '../../shared/transport';

export const blindrateApi = createApiClient(
  (method, arg) => ipcRenderer.invoke(ipcChannel(method), arg) as Promise<ApiResponse>,
) satisfies BlindRateApi;

contextBridge.exposeInMainWorld('blindrate', blindrateApi);
