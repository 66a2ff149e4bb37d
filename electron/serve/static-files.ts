/**
 * Serving the built renderer, shared by browser mode (HTTP) and the Electron `app://` protocol:
 * one path resolver that cannot leave the renderer folder, one content-type table, one CSP, one
 * way of reading a file into a response (with the per-page style nonce).
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { STYLE_NONCE_META_NAME } from '../../shared/transport';

/**
 * Nothing remote, ever: scripts, fonts and images from the app itself; small images may be data:
 * URIs; fonts are bundled files. No inline style from markup: a <style> element needs this page
 * load's nonce (Mantine and react-remove-scroll put it on theirs, see renderer/src/style-nonce.ts)
 * and `style="…"` attributes are refused. React's `style` props are untouched by that: React sets
 * them through the CSSOM, which CSP does not govern. Responses without a nonce (files other than
 * HTML, refusals) allow no inline style element at all. Why each part: docs/security.md.
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `style-src-elem 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}`,
    "style-src-attr 'none'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** 128 random bits, base64: a fresh one for every HTML response (CSP3 asks for at least 128 bits). */
export function newStyleNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Security headers for any response; pass the nonce of the HTML page being served, if any. */
export function securityHeaders(styleNonce?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(styleNonce),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
    'Cache-Control': 'no-store',
  };
}

/**
 * The page with `<meta name="blindrate-style-nonce" content="…">` first in its head: right after
 * `<head>`, or where the head is implied (after the doctype), so the renderer finds it before it starts.
 */
export function withStyleNonceMeta(html: string, styleNonce: string): string {
  const opening = /<head(\s[^>]*)?>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = opening ? opening.index + opening[0].length : 0;
  return `${html.slice(0, at)}<meta name="${STYLE_NONCE_META_NAME}" content="${styleNonce}" />${html.slice(at)}`;
}

export interface StaticFile {
  body: Buffer<ArrayBuffer>;
  headers: Record<string, string>;
}

/**
 * A resolved renderer file as both transports send it: HTML pages get a fresh nonce, in the CSP
 * header and in the page, so each load (and only that load) may add Mantine's style elements.
 */
export async function readStaticFile(file: string): Promise<StaticFile> {
  const contentType = { 'Content-Type': contentTypeFor(file) };
  const body = await readFile(file);
  if (extname(file).toLowerCase() !== '.html') return { body, headers: { ...securityHeaders(), ...contentType } };
  const styleNonce = newStyleNonce();
  return {
    body: Buffer.from(withStyleNonceMeta(body.toString('utf8'), styleNonce)),
    headers: { ...securityHeaders(styleNonce), ...contentType },
  };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file inside `root`, or null. Refuses encoded or literal `..`, backslashes,
 * NUL bytes and dot-files before touching the disk, then checks the resolved path is still inside
 * the root as a second line of defence. "/" and folders map to their index.html.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/, 1)[0]!);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const base = resolve(root);
  let file = join(base, ...segments);
  if (file !== base && !file.startsWith(base + sep)) return null;
  try {
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}
