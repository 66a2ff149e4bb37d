/**
 * The analysis defaults the command line shows in its help, in a module of their own so that showing
 * them does not load the statistics.
 */

export const DEFAULT_BOOTSTRAP_RESAMPLES = 1000;
export const DEFAULT_BOOTSTRAP_SEED = 1;

/** Answers faster than this (per rated task) are counted as fast: `report --fast-ms`. */
export const DEFAULT_FAST_MS = 5000;
/**
 * A rater is flagged for straight-lining after this many rating tasks in a row with one and the same
 * value on every Likert dimension. Ten: a careful rater giving, say, all fives to an excellent answer
 * does so for one task in two at the very most, and ten such tasks in a row then happen with
 * probability below 0.1 % — in a sample stratified over score bins, far less.
 */
export const DEFAULT_STRAIGHT_RUN = 10;
