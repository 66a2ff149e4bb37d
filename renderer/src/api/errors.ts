/**
 * The server that holds the study file is gone (closed, crashed, the laptop slept): said in the words of
 * someone rating, who never started that server themselves.
 */
export const LOST_CONNECTION = 'BlindRate lost its connection to the study file.';

/** One readable line from whatever a transport threw (Electron prefixes IPC errors with its own text). */
export function userMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(/^Error invoking remote method '[^']*': /, '').replace(/^(\w*Error): /, '');
}
