import { useEffect, useState } from 'react';

/**
 * What a form will do, asked again whenever its draft changes (after `delayMs` of quiet, so typing does
 * not queue calls). Returns the answer for the current draft only: an answer to an older draft, or none
 * yet, is null. `fetch` must be stable (defined outside the component); `arg` null asks nothing.
 */
export function useLivePreview<A, R>(
  arg: A | null,
  fetch: (arg: A) => Promise<R>,
  onError: (error: unknown) => void,
  delayMs = 0,
): R | null {
  const key = arg === null ? null : JSON.stringify(arg);
  const [answer, setAnswer] = useState<{ key: string; value: R } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    const timer = setTimeout(() => {
      fetch(JSON.parse(key) as A).then(
        (value) => current && setAnswer({ key, value }),
        (error: unknown) => current && onError(error),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, fetch, onError, delayMs]);
  return answer && answer.key === key ? answer.value : null;
}
