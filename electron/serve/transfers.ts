/**
 * Browser mode's file transfers beside the JSON calls (shared/transport.ts): an upload's raw bytes go
 * into memory as a file handle (never a temporary file), within the cap of its purpose; an export is
 * downloaded by its token. The caller has checked Host, Origin and the session token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FILE_PURPOSES, type FilePurpose } from '../../shared/coordinator-api';
import { UPLOAD_CONTENT_TYPE, type ApiResponse } from '../../shared/transport';
import { describeFailure, type ApiHost } from '../services/api-host';
import { UPLOAD_LIMITS } from '../services/file-handles';
import { refuse, sendJson } from './replies';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export async function handleUpload(request: IncomingMessage, response: ServerResponse, host: ApiHost): Promise<void> {
  if (request.method !== 'POST') return refuse(response, 405, 'Uploads are POST requests.');
  if ((request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase() !== UPLOAD_CONTENT_TYPE)
    return refuse(response, 415, `Uploads must send Content-Type: ${UPLOAD_CONTENT_TYPE}.`);
  const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
  const purpose = query.get('purpose') ?? '';
  const name = query.get('name') ?? '';
  if (!(FILE_PURPOSES as readonly string[]).includes(purpose))
    return refuse(response, 400, `An upload needs ?purpose= one of ${FILE_PURPOSES.join(', ')}.`);
  if (name.trim() === '' || name.length > 255) return refuse(response, 400, 'An upload needs ?name= the file name.');
  const limit = UPLOAD_LIMITS[purpose as FilePurpose];
  const tooLarge = `${name} is larger than the ${megabytes(limit)} BlindRate accepts for a ${purpose} file.`;
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    response.setHeader('Connection', 'close');
    return refuse(response, 413, tooLarge);
  }
  const data = await readIntoSharedMemory(request, limit, Number(request.headers['content-length'] ?? NaN));
  if (data === null) {
    response.setHeader('Connection', 'close');
    refuse(response, 413, tooLarge);
    request.destroy();
    return;
  }
  let reply: ApiResponse;
  try {
    reply = { ok: true, value: host.acceptUpload(name, purpose as FilePurpose, data) };
  } catch (error) {
    reply = { ok: false, error: describeFailure(error) };
  }
  sendJson(response, 200, reply);
}

export function handleDownload(request: IncomingMessage, response: ServerResponse, host: ApiHost, token: string): void {
  if (request.method !== 'GET') return refuse(response, 405, 'Downloads are GET requests.');
  const download = host.takeDownload(decodeURIComponent(token));
  if (!download) return refuse(response, 404, 'No such download: export again.');
  response.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': download.bytes.length,
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download.name)}`,
    'Cache-Control': 'no-store',
  });
  response.end(download.bytes);
}

/**
 * The body in a SharedArrayBuffer, so the job's worker thread reads it without a copy: handing a
 * 200 MB upload to a worker by structured clone would stall the server's event loop. With a
 * Content-Length the chunks go straight into place; null once the body passes `limit`.
 */
async function readIntoSharedMemory(request: IncomingMessage, limit: number, declared: number): Promise<Buffer | null> {
  if (Number.isInteger(declared) && declared >= 0) {
    const target = Buffer.from(new SharedArrayBuffer(declared));
    let size = 0;
    for await (const chunk of request) {
      const bytes = chunk as Buffer;
      if (size + bytes.length > declared) return null;
      bytes.copy(target, size);
      size += bytes.length;
    }
    return target.subarray(0, size);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  const target = Buffer.from(new SharedArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(target, at);
  return target;
}
