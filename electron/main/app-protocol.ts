/**
 * The `app://blindrate/` protocol: the built renderer from disk, never `file://` (which would give
 * the page file-system origin privileges) and never a remote URL. Electron-free so tests can call it.
 */
import { readStaticFile, resolveStaticPath, securityHeaders } from '../serve/static-files';
import { APP_HOST } from './security';

export function appProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const file =
      url.host === APP_HOST && request.method === 'GET' ? resolveStaticPath(rendererDir, url.pathname) : null;
    if (!file)
      return new Response('Not found', {
        status: 404,
        headers: { ...securityHeaders(), 'Content-Type': 'text/plain' },
      });
    const { body, headers } = await readStaticFile(file);
    return new Response(body, { headers });
  };
}
