/**
 * Electron hardening handlers as plain functions, so tests call them directly: nothing navigates,
 * no window opens, no permission is granted but writing the clipboard from the app's page, no request leaves the app's own protocol, and IPC is
 * answered only for the app's main frame.
 */
import type { App, Event, IpcMainInvokeEvent, Session, WebContents } from 'electron';

export const APP_SCHEME = 'app';
export const APP_HOST = 'blindrate';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** The renderer is a single page: every navigation (links, drag-and-drop, location changes) is refused. */
export function denyNavigation(event: Pick<Event, 'preventDefault'>): void {
  event.preventDefault();
}

export function denyWindowOpen(): { action: 'deny' } {
  return { action: 'deny' };
}

/**
 * The one permission granted: writing text to the clipboard (the Copy button of the lock receipt),
 * and only to the app's own page. Reading the clipboard, and everything else, stays denied.
 */
export function isGrantedPermission(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

export function answerPermissionRequest(
  _contents: WebContents,
  permission: string,
  callback: (granted: boolean) => void,
  details?: { requestingUrl?: string },
): void {
  callback(isGrantedPermission(permission, details?.requestingUrl));
}

export function answerPermissionCheck(
  _contents: WebContents | null,
  permission: string,
  requestingOrigin: string,
): boolean {
  return isGrantedPermission(permission, requestingOrigin);
}

/** Only the app's own files (and devtools when enabled) may load: no http(s), ws, file or remote font. */
export function isAllowedRequestUrl(url: string): boolean {
  return isAppUrl(url) || url.startsWith('devtools://') || url.startsWith('data:');
}

/**
 * IPC is answered only for a top-level frame (no parent) showing the app origin; never an iframe,
 * another page, or a frame already gone (senderFrame null).
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler(answerPermissionRequest);
  session.setPermissionCheckHandler(answerPermissionCheck);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequestUrl(details.url) }));
  // Chromium's spellchecker downloads dictionaries from Google; spellcheck: false on the window alone does not stop that.
  session.setSpellCheckerEnabled(false);
}

/** Applies to every web contents the app ever creates, including ones we did not expect. */
export function hardenWebContents(app: App): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', denyNavigation);
    contents.on('will-redirect', denyNavigation);
    contents.on('will-attach-webview', denyNavigation);
    contents.setWindowOpenHandler(denyWindowOpen);
  });
}
