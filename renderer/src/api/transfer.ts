/**
 * Moving files in and out without paths crossing the contract. The desktop app chooses files in the
 * main process's Open dialog (`chooseFiles`) and writes exports through its Save dialog; browser mode
 * uploads the bytes the user chose or dropped (POST /upload) and downloads what BlindRate wrote
 * (GET /download/<token>), both with the session token.
 */
import type { FileHandle, FilePurpose, WrittenFile } from '../../../shared/coordinator-api';
import {
  DOWNLOAD_PATH_PREFIX,
  type DroppedFilesBridge,
  type DroppedFilesRequest,
  TOKEN_HEADER,
  UPLOAD_CONTENT_TYPE,
  uploadUrl,
  type ApiResponse,
} from '../../../shared/transport';
import { LOST_CONNECTION } from './errors';

export interface FileTransfer {
  /** Browser mode: sends a chosen or dropped file to the server; null in the desktop app (it uses dialogs). */
  upload: ((file: File, purpose: FilePurpose) => Promise<FileHandle>) | null;
  /**
   * The desktop app: files dropped on a drop zone as handles, through the preload, which alone sees
   * their paths (shared/transport.ts); null in browser mode, where a drop is an upload.
   */
  dropped: ((files: File[], request: DroppedFilesRequest) => Promise<FileHandle[]>) | null;
  /** Browser mode: saves a written export through the browser's download; the desktop app already saved it. */
  download(written: WrittenFile): Promise<void>;
}

export function createHttpTransfer(token: string, fetchImpl: typeof fetch = fetch): FileTransfer {
  return {
    dropped: null,
    async upload(file, purpose) {
      let response: Response;
      try {
        response = await fetchImpl(uploadUrl(purpose, file.name), {
          method: 'POST',
          headers: { 'Content-Type': UPLOAD_CONTENT_TYPE, [TOKEN_HEADER]: token },
          body: file,
        });
      } catch {
        throw new Error(LOST_CONNECTION);
      }
      const reply = (await response.json().catch(() => null)) as ApiResponse<FileHandle> | null;
      if (!reply) throw new Error(`Uploading ${file.name} failed with HTTP ${response.status}.`);
      if (!reply.ok) throw new Error(reply.error);
      return reply.value;
    },
    async download(written) {
      if (!written.downloadToken) return;
      const response = await fetchImpl(`${DOWNLOAD_PATH_PREFIX}${written.downloadToken}`, {
        headers: { [TOKEN_HEADER]: token },
      });
      if (!response.ok) {
        const reply = (await response.json().catch(() => null)) as ApiResponse<unknown> | null;
        throw new Error(
          reply && !reply.ok ? reply.error : `Downloading ${written.name} failed with HTTP ${response.status}.`,
        );
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = written.name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };
}

/**
 * The desktop app: files come from dialogs or drops (through the preload's bridge) and exports are
 * saved where the Save dialog said.
 */
export function createDialogTransfer(bridge: DroppedFilesBridge | null): FileTransfer {
  return {
    upload: null,
    dropped: bridge && ((files, request) => bridge.handlesFor(files, request)),
    download: async () => {},
  };
}

let installed: FileTransfer = createDialogTransfer(null);

export function installTransfer(transfer: FileTransfer): void {
  installed = transfer;
}

export function transfer(): FileTransfer {
  return installed;
}
