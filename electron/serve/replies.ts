/** The JSON replies of the loopback server: an ApiResponse, or a refusal with one line. */
import type { ServerResponse } from 'node:http';
import type { ApiFailure } from '../../shared/transport';

export function refuse(response: ServerResponse, status: number, error: string): void {
  sendJson(response, status, { ok: false, error } satisfies ApiFailure);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
