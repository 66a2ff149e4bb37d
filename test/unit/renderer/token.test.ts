// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { takeSessionToken } from '../../../renderer/src/api/token';

describe('takeSessionToken', () => {
  beforeEach(() => sessionStorage.clear());

  it('takes the token from the fragment, keeps it for reloads and strips it from the address bar', () => {
    history.replaceState(null, '', '/index.html#token=abc123');
    expect(takeSessionToken(location, sessionStorage, history)).toBe('abc123');
    expect(location.hash).toBe('');
    expect(location.href).not.toContain('abc123');
    // After a reload the fragment is gone; the stored token still opens the session.
    expect(takeSessionToken(location, sessionStorage, history)).toBe('abc123');
  });

  it('returns null when the page was opened without a token', () => {
    history.replaceState(null, '', '/index.html');
    expect(takeSessionToken(location, sessionStorage, history)).toBeNull();
  });
});
