/** One IPC channel per contract method (and the drop zones' one), each answering only the app's own main frame. */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { API_METHODS } from '../../shared/api';
import { DROPPED_FILES_CHANNEL, ipcChannel, type ApiFailure, type ApiResponse } from '../../shared/transport';
import type { ApiHost } from '../services/api-host';
import { isTrustedSender } from './security';

const UNTRUSTED_SENDER: ApiFailure = { ok: false, error: 'Refused: the call did not come from the BlindRate window.' };

export function registerApiHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  host: Pick<ApiHost, 'dispatch' | 'acceptDroppedFiles'>,
): void {
  for (const method of API_METHODS) {
    ipcMain.handle(ipcChannel(method), (event: IpcMainInvokeEvent, arg: unknown): Promise<ApiResponse> | ApiFailure =>
      isTrustedSender(event) ? host.dispatch(method, arg) : UNTRUSTED_SENDER,
    );
  }
  // The preload's paths of files dropped on a drop zone (shared/transport.ts).
  ipcMain.handle(DROPPED_FILES_CHANNEL, (event: IpcMainInvokeEvent, arg: unknown): ApiResponse =>
    isTrustedSender(event) ? host.acceptDroppedFiles(arg) : UNTRUSTED_SENDER,
  );
}
