/** Time is injected so tests and studies are reproducible; production passes `systemClock`-like functions from the main process. */
export type Clock = () => Date;

export function isoNow(clock: Clock): string {
  return clock().toISOString();
}
