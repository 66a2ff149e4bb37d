import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS } from '../../../shared/api';

const exposed = vi.hoisted(() => ({ calls: [] as [string, unknown][] }));
const invoke = vi.hoisted(() => vi.fn());

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.calls.push([key, api]) },
  ipcRenderer: { invoke },
}));

let surface: Record<string, unknown>;
beforeAll(async () => {
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
