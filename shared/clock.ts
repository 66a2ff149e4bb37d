/** Time is injected so tests and studies are reproducible; the front ends pass `systemClock` (electron/services/system-clock.ts). */
export type Clock = () => Date;

export function isoNow(clock: Clock): string {
  return clock().toISOString();
}
