import { describe, expect, it } from 'vitest';
import { createHttpApi } from '../../../renderer/src/api/resolve';
import { TOKEN_HEADER } from '../../../shared/transport';

function recordingFetch(reply: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(reply), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('browser-mode API client', () => {
  it('POSTs each call to /api/<method> with the token header and the argument in the envelope', async () => {
    const { calls, fetchImpl } = recordingFetch({ ok: true, value: { kind: 'rating', assignmentId: 'x' } });
    const api = createHttpApi('tok123', fetchImpl);
    await expect(api.getTask('x')).resolves.toEqual({ kind: 'rating', assignmentId: 'x' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/getTask');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)[TOKEN_HEADER]).toBe('tok123');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ arg: 'x' });
  });

  it('sends an empty envelope for calls without an argument', async () => {
    const { calls, fetchImpl } = recordingFetch({ ok: true, value: [] });
    await createHttpApi('t', fetchImpl).listStudies();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({});
  });

  it("turns a refused call into an Error carrying the server's one-line message", async () => {
    const { fetchImpl } = recordingFetch({ ok: false, error: 'Wrong passphrase for s.db.' });
    await expect(
      createHttpApi('t', fetchImpl).unlockStudy({ path: 's.db', passphrase: 'x', remember: false }),
    ).rejects.toThrow('Wrong passphrase for s.db.');
  });

  it("says, in a rater's words, that the connection to the study file is lost when fetch itself fails", async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(createHttpApi('t', failing).getOverview()).rejects.toThrow(
      'BlindRate lost its connection to the study file.',
    );
  });
});
