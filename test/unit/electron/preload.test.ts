import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS } from '../../../shared/api';
import { LEAVE_STUDY_REQUEST, STAYED_IN_STUDY } from '../../../shared/transport';

const exposed = vi.hoisted(() => ({ calls: [] as [string, unknown][] }));
const invoke = vi.hoisted(() => vi.fn());
const send = vi.hoisted(() => vi.fn());
/** Electron gives a path only for files the user really dropped; a File made by page script has none. */
const pathOfDroppedFile = vi.hoisted(
  () => (file: { name: string; dropped?: boolean }) => (file.dropped ? `/home/ada/${file.name}` : ''),
);
const windowListeners = vi.hoisted(() => new Map<string, (event: unknown) => void>());
const mainMessageListeners = vi.hoisted(() => new Map<string, (event: unknown) => void>());
const dispatchedEvents = vi.hoisted(() => [] as string[]);

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.calls.push([key, api]) },
  ipcRenderer: {
    invoke,
    send,
    on: (channel: string, listener: (event: unknown) => void) => mainMessageListeners.set(channel, listener),
  },
  webUtils: { getPathForFile: pathOfDroppedFile },
}));

let surface: Record<string, unknown>;
beforeAll(async () => {
  vi.stubGlobal('window', {
    addEventListener: (name: string, listener: (event: unknown) => void) => windowListeners.set(name, listener),
    dispatchEvent: (event: Event) => dispatchedEvents.push(event.type),
  });
  await import('../../../electron/preload/index');
  expect(exposed.calls).toHaveLength(1);
  surface = exposed.calls[0]![1] as Record<string, unknown>;
});

describe('preload', () => {
  it('exposes one object, window.blindrate, with exactly the contract methods', () => {
    expect(exposed.calls[0]![0]).toBe('blindrate');
    expect(Object.keys(surface).sort()).toEqual([...API_METHODS].sort());
    for (const method of API_METHODS) expect(typeof surface[method], method).toBe('function');
    expect(surface).not.toHaveProperty('invoke');
    expect(surface).not.toHaveProperty('ipcRenderer');
  });

  it('sends each call on its own channel and unwraps the reply', async () => {
    invoke.mockResolvedValueOnce({ ok: true, value: { kind: 'rating' } });
    const getTask = surface.getTask as (id: string) => Promise<unknown>;
    await expect(getTask('a1')).resolves.toEqual({ kind: 'rating' });
    expect(invoke).toHaveBeenLastCalledWith('blindrate:getTask', 'a1');
  });

  it('turns a refused call into a rejected promise with the message', async () => {
    invoke.mockResolvedValueOnce({ ok: false, error: 'No study is open: unlock a study first.' });
    const getOverview = surface.getOverview as () => Promise<unknown>;
    await expect(getOverview()).rejects.toThrow('No study is open: unlock a study first.');
    expect(invoke).toHaveBeenLastCalledWith('blindrate:getOverview', undefined);
  });
});

describe('dropping a file onto the window', () => {
  const dragEvent = (files: { name: string; dropped?: boolean }[]) => ({
    preventDefault: vi.fn(),
    dataTransfer: { types: files.length ? ['Files'] : ['text/plain'], files },
  });

  it("accepts file drags only, and sends the dropped file's path to the main process on a channel outside the contract", () => {
    const over = dragEvent([{ name: 'x.db' }]);
    windowListeners.get('dragover')!(over);
    expect(over.preventDefault).toHaveBeenCalled();
    const text = dragEvent([]);
    windowListeners.get('dragover')!(text);
    expect(text.preventDefault).not.toHaveBeenCalled();

    windowListeners.get('drop')!(dragEvent([{ name: 'Dr Ada.blindrate', dropped: true }]));
    expect(send).toHaveBeenCalledWith('blindrate-shell:file-dropped', '/home/ada/Dr Ada.blindrate');
    expect(API_METHODS.map((m) => `blindrate:${m}`)).not.toContain('blindrate-shell:file-dropped');
  });

  it('sends nothing for a File that has no path on disk (one page script constructed)', () => {
    send.mockClear();
    windowListeners.get('drop')!(dragEvent([{ name: 'forged.db' }]));
    expect(send).not.toHaveBeenCalled();
  });
});

describe('leaving the open study when the main process asks', () => {
  it("turns the main process's request into a DOM event on window, and nothing new appears on window.blindrate", () => {
    mainMessageListeners.get(LEAVE_STUDY_REQUEST)!({ sender: 'ipc event' });
    expect(dispatchedEvents).toEqual([LEAVE_STUDY_REQUEST]);
    expect(exposed.calls).toHaveLength(1);
    expect(Object.keys(surface).sort()).toEqual([...API_METHODS].sort());
    expect(API_METHODS.map((m) => `blindrate:${m}`)).not.toContain(LEAVE_STUDY_REQUEST);
  });

  it("sends the page's answer that it stays (its save failed) back to the main process", () => {
    send.mockClear();
    windowListeners.get(STAYED_IN_STUDY)!(new Event(STAYED_IN_STUDY));
    expect(send).toHaveBeenCalledWith(STAYED_IN_STUDY);
  });
});
