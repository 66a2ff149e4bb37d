/** The wall clock, for front ends (CLI, IPC, browser server); tests pass fixed clocks instead. shared/ never reads it. */
import type { Clock } from '../../shared/clock';

export const systemClock: Clock = () => new Date();
