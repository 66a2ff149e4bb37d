import { describe, expect, it, vi } from 'vitest';
import type { App, IpcMainInvokeEvent, Session, WebContents } from 'electron';
import {
  APP_ENTRY_URL,
  denyNavigation,
  answerPermissionCheck,
  answerPermissionRequest,
  denyWindowOpen,
  hardenSession,
  hardenWebContents,
  isAllowedRequestUrl,
  isTrustedSender,
} from '../../../electron/main/security';
import { registerApiHandlers } from '../../../electron/main/ipc';
import { API_METHODS } from '../../../shared/api';
import { DROPPED_FILES_CHANNEL } from '../../../shared/transport';

describe('navigation and window handlers', () => {
  it('prevent every navigation, including to the app itself', () => {
    for (const url of ['https://example.com/', 'file:///etc/passwd', APP_ENTRY_URL]) {
      const event = { preventDefault: vi.fn() };
      denyNavigation(event);
      expect(event.preventDefault, url).toHaveBeenCalledOnce();
    }
  });

  it('deny new windows', () => {
    expect(denyWindowOpen()).toEqual({ action: 'deny' });
  });

  it('deny every permission request and check but a clipboard write from the app page', () => {
    const appPage = 'app://blindrate/index.html';
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      answerPermissionRequest({} as WebContents, permission, callback, { requestingUrl: appPage });
      expect(callback).toHaveBeenCalledWith(false);
      expect(answerPermissionCheck(null, permission, 'app://blindrate')).toBe(false);
    }
    const granted = vi.fn();
    answerPermissionRequest({} as WebContents, 'clipboard-sanitized-write', granted, { requestingUrl: appPage });
    expect(granted).toHaveBeenCalledWith(true);
    expect(answerPermissionCheck(null, 'clipboard-sanitized-write', 'app://blindrate')).toBe(true);
    const elsewhere = vi.fn();
    answerPermissionRequest({} as WebContents, 'clipboard-sanitized-write', elsewhere, {
      requestingUrl: 'https://example.org/',
    });
    expect(elsewhere).toHaveBeenCalledWith(false);
    expect(answerPermissionCheck(null, 'clipboard-sanitized-write', 'file://')).toBe(false);
  });

  it('let only app:// (and devtools, data:) requests through', () => {
    expect(isAllowedRequestUrl('app://blindrate/assets/index.js')).toBe(true);
    expect(isAllowedRequestUrl('data:image/png;base64,AAAA')).toBe(true);
    for (const url of [
      'https://fonts.googleapis.com/css',
      'http://127.0.0.1:8080/',
      'ws://localhost/',
      'file:///etc/passwd',
      'app://other/x',
    ]) {
      expect(isAllowedRequestUrl(url), url).toBe(false);
    }
  });
});

describe('hardening wiring', () => {
  it('gives every new web contents handlers that block navigation, redirects, webviews and windows', () => {
    let onCreated: ((event: unknown, contents: unknown) => void) | undefined;
    hardenWebContents({
      on: (name: string, listener: typeof onCreated) => name === 'web-contents-created' && (onCreated = listener),
    } as unknown as App);
    const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
    let openHandler: (() => unknown) | undefined;
    onCreated!(
      {},
      {
        on: (name: string, l: never) => listeners.set(name, l),
        setWindowOpenHandler: (h: () => unknown) => (openHandler = h),
      },
    );

    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      listeners.get(name)!(event, 'https://example.com/');
      expect(event.preventDefault, name).toHaveBeenCalledOnce();
    }
    expect(openHandler!()).toEqual({ action: 'deny' });
  });

  it('installs deny-all permission handlers and a request filter on the session, and turns the spellchecker off', () => {
    const installed: Record<string, (...args: never[]) => unknown> = {};
    const setSpellCheckerEnabled = vi.fn();
    const session = {
      setSpellCheckerEnabled,
      setPermissionRequestHandler: (h: never) => (installed.request = h),
      setPermissionCheckHandler: (h: never) => (installed.check = h),
      setDevicePermissionHandler: (h: never) => (installed.device = h),
      webRequest: { onBeforeRequest: (h: never) => (installed.beforeRequest = h) },
    } as unknown as Session;
    hardenSession(session);
    const granted = vi.fn();
    (installed.request as (c: unknown, p: string, cb: (g: boolean) => void) => void)({}, 'media', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect((installed.check as () => boolean)()).toBe(false);
    expect((installed.device as () => boolean)()).toBe(false);
    const decide = (url: string) => {
      let cancel: boolean | undefined;
      (installed.beforeRequest as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void)(
        { url },
        (r) => (cancel = r.cancel),
      );
      return cancel;
    };
    expect(decide('https://cdn.example/x.js')).toBe(true);
    expect(decide('app://blindrate/index.html')).toBe(false);
    expect(setSpellCheckerEnabled).toHaveBeenCalledWith(false);
  });
});

describe('IPC sender checks', () => {
  const mainFrame = { url: 'app://blindrate/index.html', parent: null };
  const event = (frame: unknown) => ({ senderFrame: frame }) as unknown as IpcMainInvokeEvent;

  it('trust only the main frame of the app origin', () => {
    expect(isTrustedSender(event(mainFrame))).toBe(true);
    expect(isTrustedSender(event({ url: 'https://evil.test/', parent: null }))).toBe(false);
    expect(isTrustedSender(event({ url: 'app://blindrate.evil/index.html', parent: null }))).toBe(false);
    const iframe = { url: 'app://blindrate/frame.html', parent: mainFrame };
    expect(isTrustedSender(event(iframe))).toBe(false);
    expect(isTrustedSender(event(null))).toBe(false);
  });

  it("register one channel per method (and the drop zones' one) whose handler refuses untrusted senders without calling the service", async () => {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, arg: unknown) => unknown>();
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 'served' }));
    const acceptDroppedFiles = vi.fn(() => ({ ok: true as const, value: [] }));
    registerApiHandlers(
      { handle: (channel, handler) => void handlers.set(channel, handler) },
      { dispatch, acceptDroppedFiles },
    );
    expect([...handlers.keys()].sort()).toEqual(
      [...API_METHODS.map((m) => `blindrate:${m}`), DROPPED_FILES_CHANNEL].sort(),
    );
    const drop = handlers.get(DROPPED_FILES_CHANNEL)!;
    expect(await drop(event({ url: 'https://evil.test/', parent: null }), { paths: ['/etc/passwd'] })).toMatchObject({
      ok: false,
    });
    expect(acceptDroppedFiles).not.toHaveBeenCalled();

    const handler = handlers.get('blindrate:getTask')!;
    expect(await handler(event({ url: 'https://evil.test/', parent: null }), 'a1')).toEqual({
      ok: false,
      error: 'Refused: the call did not come from the BlindRate window.',
    });
    expect(dispatch).not.toHaveBeenCalled();
    expect(await handler(event(mainFrame), 'a1')).toEqual({ ok: true, value: 'served' });
    expect(dispatch).toHaveBeenCalledWith('getTask', 'a1');
  });
});
