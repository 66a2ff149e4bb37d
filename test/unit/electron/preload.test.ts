import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS } from '../../../shared/api';
import {
  DROPPED_FILES_BRIDGE,
  DROPPED_FILES_CHANNEL,
  LEAVE_STUDY_REQUEST,
  STAYED_IN_STUDY,
  type DroppedFilesBridge,
} from '../../../shared/transport';

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
  expect(exposed.calls).toHaveLength(2);
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

describe('files dropped on a drop zone (coordinator workspace)', () => {
  const bridge = () => {
    const [key, value] = exposed.calls[1]!;
    return { key, value: value as DroppedFilesBridge };
  };
  const files = (...given: { name: string; dropped?: boolean }[]) => given as unknown as File[];

  it('is the one other thing exposed: a bridge with a single function, no channel or ipcRenderer', () => {
    expect(bridge().key).toBe(DROPPED_FILES_BRIDGE);
    expect(Object.keys(bridge().value)).toEqual(['handlesFor']);
  });

  it("sends the really dropped files' paths on a channel outside the contract and gives the page only the handles", async () => {
    const handles = [{ token: 't1', name: 'a.jsonl', bytes: 10, purpose: 'import' }];
    invoke.mockResolvedValueOnce({ ok: true, value: handles });
    const given = files({ name: 'a.jsonl', dropped: true }, { name: 'forged.jsonl' }, { name: 'b.csv', dropped: true });
    await expect(bridge().value.handlesFor(given, { purpose: 'import', multiple: true })).resolves.toEqual(handles);
    expect(invoke).toHaveBeenLastCalledWith(DROPPED_FILES_CHANNEL, {
      purpose: 'import',
      multiple: true,
      paths: ['/home/ada/a.jsonl', '/home/ada/b.csv'],
    });
    expect(API_METHODS.map((m) => `blindrate:${m}`)).not.toContain(DROPPED_FILES_CHANNEL);
  });

  it('asks nothing for Files without a path (made by page script), and rejects with the refusal', async () => {
    invoke.mockClear();
    await expect(
      bridge().value.handlesFor(files({ name: 'forged.jsonl' }), { purpose: 'import', multiple: true }),
    ).resolves.toEqual([]);
    expect(invoke).not.toHaveBeenCalled();
    invoke.mockResolvedValueOnce({ ok: false, error: 'No study is open: unlock a study first.' });
    await expect(
      bridge().value.handlesFor(files({ name: 'a.jsonl', dropped: true }), { purpose: 'import', multiple: false }),
    ).rejects.toThrow('No study is open');
  });

  it('a drop a zone took (default prevented) is not also opened as a study', () => {
    send.mockClear();
    windowListeners.get('drop')!({
      defaultPrevented: true,
      preventDefault: vi.fn(),
      dataTransfer: { types: ['Files'], files: [{ name: 'outputs.jsonl', dropped: true }] },
    });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('leaving the open study when the main process asks', () => {
  it("turns the main process's request into a DOM event on window, and nothing new appears on window.blindrate", () => {
    mainMessageListeners.get(LEAVE_STUDY_REQUEST)!({ sender: 'ipc event' });
    expect(dispatchedEvents).toEqual([LEAVE_STUDY_REQUEST]);
    expect(exposed.calls).toHaveLength(2);
    expect(Object.keys(surface).sort()).toEqual([...API_METHODS].sort());
    expect(API_METHODS.map((m) => `blindrate:${m}`)).not.toContain(LEAVE_STUDY_REQUEST);
  });

  it("sends the page's answer that it stays (its save failed) back to the main process", () => {
    send.mockClear();
    windowListeners.get(STAYED_IN_STUDY)!(new Event(STAYED_IN_STUDY));
    expect(send).toHaveBeenCalledWith(STAYED_IN_STUDY);
  });
});
