/**
 * Whether a returned package's times could have happened: each is an ISO 8601 instant, none is in
 * the future, none is before the package was issued, and the lock comes after every answer. Pure:
 * "now" is the merge's injected clock. Times on the rater's computer and the coordinator's are compared
 * with CLOCK_SKEW_MS of slack; the lock and the answers come from the same clock and get none.
 */

/** How far the rater's clock may run ahead of (or behind) the coordinator's. */
export const CLOCK_SKEW_MS = 60 * 60 * 1000;

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch, or null when the text is not a real ISO 8601 instant with its zone. */
export function parseIsoInstant(text: string): number | null {
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** A time and what it is: "rating task 3", or "the lock". */
export interface StatedTime {
  where: string;
  time: string;
  /** The lock itself is not compared with the lock. */
  isLock?: boolean;
}

export interface PackageTimeFacts {
  times: readonly StatedTime[];
  lockedAt: string | null;
  /** Null when unknown (a package without its issue time): not compared then. */
  issuedAt: string | null;
  /** The merge's time, from its clock. */
  now: string;
}

/** Every implausible time, one line each (the same problem stated twice is listed once). */
export function implausibleTimes({ times, lockedAt, issuedAt, now }: PackageTimeFacts): string[] {
  const problems = new Set<string>();
  const nowMs = Date.parse(now);
  const issuedMs = issuedAt === null ? null : parseIsoInstant(issuedAt);
  const lockMs = lockedAt === null ? null : parseIsoInstant(lockedAt);
  for (const { where, time, isLock } of times) {
    const ms = parseIsoInstant(time);
    if (ms === null) {
      problems.add(`${where}: its time ${JSON.stringify(time)} is not an ISO 8601 instant`);
      continue;
    }
    if (ms > nowMs + CLOCK_SKEW_MS) problems.add(`${where}: its time ${time} is in the future (now is ${now})`);
    if (issuedMs !== null && ms < issuedMs - CLOCK_SKEW_MS)
      problems.add(`${where}: its time ${time} is before the package was issued (${issuedAt})`);
    if (!isLock && lockMs !== null && ms > lockMs)
      problems.add(`${where}: its time ${time} is after the lock (${lockedAt})`);
  }
  return [...problems];
}
