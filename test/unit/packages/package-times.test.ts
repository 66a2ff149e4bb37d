import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, implausibleTimes, parseIsoInstant } from '../../../shared/package-times';

describe('parseIsoInstant', () => {
  it('reads ISO 8601 instants with their zone', () => {
    expect(parseIsoInstant('2026-03-01T09:00:00.000Z')).toBe(Date.UTC(2026, 2, 1, 9));
    expect(parseIsoInstant('2026-03-01T09:00:00Z')).toBe(Date.UTC(2026, 2, 1, 9));
    expect(parseIsoInstant('2026-03-01T10:00:00+01:00')).toBe(Date.UTC(2026, 2, 1, 9));
    expect(parseIsoInstant('2028-02-29T00:00:00Z')).toBe(Date.UTC(2028, 1, 29));
  });

  it('refuses dates that do not exist, times without a zone, and other text', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T09:00:00',
      '2026-03-01 09:00:00Z',
      'yesterday',
      '',
    ])
      expect(parseIsoInstant(text), text).toBeNull();
  });
});

describe('implausibleTimes', () => {
  const issuedAt = '2026-03-01T09:00:00.000Z';
  const now = '2026-03-10T09:00:00.000Z';
  const at = (ms: number) => new Date(ms).toISOString();
  const facts = (times: { where: string; time: string; isLock?: boolean }[], lockedAt: string | null = null) => ({
    times,
    lockedAt,
    issuedAt,
    now,
  });

  it('passes times between the issue and now, the lock last', () => {
    const lock = '2026-03-05T12:00:00.000Z';
    expect(
      implausibleTimes(
        facts(
          [
            { where: 'rating task 1', time: '2026-03-05T11:00:00.000Z' },
            { where: 'rating task 2', time: lock },
            { where: 'the lock', time: lock, isLock: true },
          ],
          lock,
        ),
      ),
    ).toEqual([]);
  });

  it('allows the two computers’ clocks to differ by CLOCK_SKEW_MS, not more', () => {
    const issued = Date.parse(issuedAt);
    const nowMs = Date.parse(now);
    const within = [at(issued - CLOCK_SKEW_MS), at(nowMs + CLOCK_SKEW_MS)];
    expect(implausibleTimes(facts(within.map((time) => ({ where: 'rating task 1', time }))))).toEqual([]);
    expect(
      implausibleTimes(
        facts([
          { where: 'rating task 1', time: at(issued - CLOCK_SKEW_MS - 1) },
          { where: 'rating task 2', time: at(nowMs + CLOCK_SKEW_MS + 1) },
        ]),
      ),
    ).toEqual([
      `rating task 1: its time ${at(issued - CLOCK_SKEW_MS - 1)} is before the package was issued (${issuedAt})`,
      `rating task 2: its time ${at(nowMs + CLOCK_SKEW_MS + 1)} is in the future (now is ${now})`,
    ]);
  });

  it('names an answer after the lock, an unreadable time and a lock in the future, each once', () => {
    const lock = '2026-03-20T00:00:00.000Z';
    expect(
      implausibleTimes(
        facts(
          [
            { where: 'preference task 2', time: '2026-03-21T00:00:00.000Z' },
            { where: 'rating task 4', time: '1 March' },
            { where: 'rating task 4', time: '1 March' },
            { where: 'the lock', time: lock, isLock: true },
          ],
          lock,
        ),
      ),
    ).toEqual([
      'preference task 2: its time 2026-03-21T00:00:00.000Z is in the future (now is 2026-03-10T09:00:00.000Z)',
      'preference task 2: its time 2026-03-21T00:00:00.000Z is after the lock (2026-03-20T00:00:00.000Z)',
      'rating task 4: its time "1 March" is not an ISO 8601 instant',
      'the lock: its time 2026-03-20T00:00:00.000Z is in the future (now is 2026-03-10T09:00:00.000Z)',
    ]);
  });
});
