import type { BlindRateApi } from '../../../shared/api';
import {
  API_PATH_PREFIX,
  createApiClient,
  DROPPED_FILES_BRIDGE,
  TOKEN_HEADER,
  type ApiResponse,
  type DroppedFilesBridge,
} from '../../../shared/transport';
import { LOST_CONNECTION } from './errors';
import { takeSessionToken } from './token';
import { createDialogTransfer, createHttpTransfer, type FileTransfer } from './transfer';

/** Browser mode: the same contract as POST calls to the loopback server that served this page. */
export function createHttpApi(token: string, fetchImpl: typeof fetch = fetch): BlindRateApi {
  return createApiClient(async (method, arg) => {
    let response: Response;
    try {
      response = await fetchImpl(`${API_PATH_PREFIX}${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify(arg === undefined ? {} : { arg }),
      });
    } catch {
      return { ok: false, error: LOST_CONNECTION };
    }
    try {
      return (await response.json()) as ApiResponse;
    } catch {
      return { ok: false, error: `BlindRate answered ${method} with HTTP ${response.status} and no readable reply.` };
    }
  });
}

/**
 * Electron exposes the contract as window.blindrate (files through its dialogs, and drops through the
 * preload's bridge); anywhere else we are in browser mode.
 */
export function resolveFrontEnd(): { api: BlindRateApi; transfer: FileTransfer } {
  const desktop = window as Window & { blindrate?: BlindRateApi } & {
    [DROPPED_FILES_BRIDGE]?: DroppedFilesBridge;
  };
  const exposed = desktop.blindrate;
  if (exposed) return { api: exposed, transfer: createDialogTransfer(desktop[DROPPED_FILES_BRIDGE] ?? null) };
  const token = takeSessionToken(window.location, window.sessionStorage, window.history);
  if (!token)
    throw new Error('This page needs the address printed by `blindrate serve` (it carries the access token).');
  return { api: createHttpApi(token), transfer: createHttpTransfer(token) };
}
