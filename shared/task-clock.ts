/**
 * Time on a task with its pauses taken out: what a save reports as `durationMs`, so a coffee break is
 * not time spent rating (the "fast answers" flag and the time-per-task figures read it). The clock is
 * given (milliseconds, e.g. performance.now), so tests drive it.
 */
export class TaskClock {
  private readonly startedAt: number;
  private pausedMs = 0;
  private pausedSince: number | null = null;
  /** A pause may be dated back (to the last activity before an idle pause), never before this. */
  private countingSince: number;

  constructor(private readonly now: () => number) {
    this.startedAt = now();
    this.countingSince = this.startedAt;
  }

  get paused(): boolean {
    return this.pausedSince !== null;
  }

  /** Stops the clock; `since` dates the pause back, e.g. to when the rater last touched anything. */
  pause(since: number = this.now()): void {
    if (this.pausedSince !== null) return;
    this.pausedSince = Math.min(this.now(), Math.max(since, this.countingSince));
  }

  resume(): void {
    if (this.pausedSince === null) return;
    const now = this.now();
    this.pausedMs += now - this.pausedSince;
    this.pausedSince = null;
    this.countingSince = now;
  }

  /** Time on the task so far, pauses excluded. */
  elapsedMs(): number {
    const end = this.pausedSince ?? this.now();
    return Math.max(0, Math.round(end - this.startedAt - this.pausedMs));
  }
}
