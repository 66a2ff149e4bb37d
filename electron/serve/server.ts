/**
 * Browser mode: the built renderer and BlindRateApi on 127.0.0.1 only. The page proves itself with
 * a random per-run token (sent in a header, which no cross-site form or image can set); the Host
 * check defeats DNS rebinding, the Origin check cross-site scripts on other local pages.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join, resolve } from 'node:path';
import type { Clock } from '../../shared/clock';
import {
  API_PATH_PREFIX,
  DOWNLOAD_PATH_PREFIX,
  UPLOAD_PATH,
  isApiMethod,
  TOKEN_FRAGMENT_KEY,
  TOKEN_HEADER,
} from '../../shared/transport';
import { StudyError } from '../../shared/errors';
import { createApiHost, type ApiHost } from '../services/api-host';
import { readStaticFile, resolveStaticPath, securityHeaders } from './static-files';
import { refuse, sendJson } from './replies';
import { handleDownload, handleUpload } from './transfers';
import { workspacePlacement } from './workspace';

export const LOOPBACK_HOST = '127.0.0.1';
const MAX_BODY_BYTES = 1024 * 1024;

export interface BrowserServerOptions {
  /** The study or package to offer; null serves only the workspace (a coordinator starting a new study). */
  studyPath: string | null;
  /** Where new studies and packages are written (`--workspace`); default the current folder. */
  workspaceDir?: string;
  /** Further files the page may open (the demo offers its master beside the rater package). */
  alsoOffer?: string[];
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (vite build output). */
  rendererDir: string;
  clock: Clock;
}

export interface BrowserServer {
  /** The page address with the token in its fragment. */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const studyPath = options.studyPath === null ? null : resolve(options.studyPath);
  if (studyPath !== null && !existsSync(studyPath)) throw new StudyError(`No study file at ${options.studyPath}.`);
  const rendererDir = resolve(options.rendererDir);
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new StudyError(`No built renderer in ${options.rendererDir}: run \`npm run build:renderer\` first.`);
  }
  const token = randomBytes(32).toString('hex');
  const host = createApiHost({
    clock: options.clock,
    studies: () =>
      [...(studyPath === null ? [] : [studyPath]), ...(options.alsoOffer ?? []).map((p) => resolve(p))].map((path) => ({
        path,
        label: basename(path),
      })),
    placement: workspacePlacement(options.workspaceDir ?? process.cwd()),
  });

  let port = options.port;
  const server: Server = createServer((request, response) => {
    handleRequest(request, response, { port, token, host, rendererDir }).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, LOOPBACK_HOST, () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://${LOOPBACK_HOST}:${port}/#${TOKEN_FRAGMENT_KEY}=${token}`,
    port,
    token,
    async close() {
      await host.closeStudy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

interface RequestContext {
  port: number;
  token: string;
  host: ApiHost;
  rendererDir: string;
}

async function handleRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: RequestContext,
): Promise<void> {
  for (const [name, value] of Object.entries(securityHeaders())) response.setHeader(name, value);
  const allowedHosts = [`${LOOPBACK_HOST}:${context.port}`, `localhost:${context.port}`];
  const hostHeader = request.headers.host ?? '';
  if (!allowedHosts.includes(hostHeader)) return refuse(response, 403, `Host "${hostHeader}" is not this server.`);
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${hostHeader}`) {
    return refuse(response, 403, `Origin "${origin}" may not call this server.`);
  }
  const path = (request.url ?? '/').split('?', 1)[0]!;
  if (path === UPLOAD_PATH || path.startsWith(DOWNLOAD_PATH_PREFIX)) {
    if (!tokenMatches(request.headers[TOKEN_HEADER.toLowerCase()], context.token)) return refuseToken(response);
    return path === UPLOAD_PATH
      ? handleUpload(request, response, context.host)
      : handleDownload(request, response, context.host, path.slice(DOWNLOAD_PATH_PREFIX.length));
  }
  if (path.startsWith(API_PATH_PREFIX))
    return handleApiCall(request, response, context, path.slice(API_PATH_PREFIX.length));
  return serveStatic(request, response, context.rendererDir, path);
}

async function handleApiCall(
  request: IncomingMessage,
  response: ServerResponse,
  context: RequestContext,
  method: string,
): Promise<void> {
  if (!isApiMethod(method)) return refuse(response, 404, `Unknown API method "${method}".`);
  if (request.method !== 'POST') return refuse(response, 405, 'API calls are POST requests.');
  if (!tokenMatches(request.headers[TOKEN_HEADER.toLowerCase()], context.token)) return refuseToken(response);
  // A JSON content type cannot be sent cross-origin without a CORS preflight, which this server never grants.
  if (!JSON_CONTENT_TYPE.test(request.headers['content-type'] ?? '')) {
    return refuse(response, 415, 'API calls must send Content-Type: application/json (optionally with charset=utf-8).');
  }
  const body = await readBody(request);
  if (body === null) return refuse(response, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  let envelope: unknown;
  try {
    envelope = body.length ? JSON.parse(body) : {};
  } catch {
    return refuse(response, 400, 'The request body is not valid JSON.');
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    const got = envelope === null ? 'null' : Array.isArray(envelope) ? 'an array' : `a ${typeof envelope}`;
    return refuse(response, 400, `The request body must be a JSON object such as {"arg": …}, got ${got}.`);
  }
  sendJson(response, 200, await context.host.dispatch(method, (envelope as { arg?: unknown }).arg));
}

/** Exactly application/json, with at most a UTF-8 charset: a prefix test would let application/jsonp through. */
const JSON_CONTENT_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

function tokenMatches(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  rendererDir: string,
  path: string,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return refuse(response, 405, 'Only GET and HEAD are served.');
  const file = resolveStaticPath(rendererDir, path);
  if (!file) return refuse(response, 404, `Not found: ${path}`);
  const { body, headers } = await readStaticFile(file);
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

function refuseToken(response: ServerResponse): void {
  refuse(response, 401, `Missing or wrong ${TOKEN_HEADER} header: open the address printed by \`blindrate serve\`.`);
}
