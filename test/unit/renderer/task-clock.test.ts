/** Durations exclude paused time (issue 21): the task clock, driven by a fake clock. */
import { describe, expect, it } from 'vitest';
import { TaskClock } from '../../../shared/task-clock';

function fakeClock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), at: () => now };
}

describe('the task clock', () => {
  it('counts the time on screen and leaves out every pause', () => {
    const time = fakeClock();
    const clock = new TaskClock(time.now);
    time.advance(40_000);
    clock.pause();
    time.advance(15 * 60_000); // a coffee break
    expect(clock.elapsedMs()).toBe(40_000);
    clock.resume();
    time.advance(20_000);
    clock.pause();
    time.advance(60_000);
    clock.resume();
    time.advance(5_000);
    expect(clock.elapsedMs()).toBe(65_000);
  });

  it('an idle pause dated back to the last activity leaves out the idle minutes too, never time before a resume', () => {
    const time = fakeClock();
    const clock = new TaskClock(time.now);
    time.advance(30_000);
    const lastActivity = time.at();
    time.advance(5 * 60_000); // idle until the pause comes in by itself
    clock.pause(lastActivity);
    time.advance(10 * 60_000);
    clock.resume();
    time.advance(10_000);
    expect(clock.elapsedMs()).toBe(40_000);
    // Dated back before the last resume: only the time since it is taken out.
    const resumedAt = time.at() - 10_000;
    clock.pause(resumedAt - 60_000);
    expect(clock.elapsedMs()).toBe(30_000);
  });

  it('pausing twice or resuming while running changes nothing', () => {
    const time = fakeClock();
    const clock = new TaskClock(time.now);
    clock.resume();
    time.advance(1_000);
    clock.pause();
    time.advance(1_000);
    clock.pause();
    time.advance(1_000);
    clock.resume();
    clock.resume();
    time.advance(1_000);
    expect(clock.elapsedMs()).toBe(2_000);
  });
});
