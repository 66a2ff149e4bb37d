/** One readable line from whatever a transport threw (Electron prefixes IPC errors with its own text). */
export function userMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(/^Error invoking remote method '[^']*': /, '').replace(/^(\w*Error): /, '');
}
