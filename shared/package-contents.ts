/**
 * What a rater package holds and how its contents are checked on return. Pure: the merge service
 * reads the file, these functions judge it. Every problem names the task by its position in the
 * rater's order, which is what both the rater and the coordinator can see.
 */
import type { AuditContent, Sha256 } from './audit-chain';
import type {
  PairOutcome,
  PairPresentedA,
  PreferenceKey,
  PreferenceOutcome,
  PresentedA,
  ShownAtA,
  TaskKind,
} from './domain';
import { MAX_TASK_DURATION_MS } from './duration';
import { assertNever } from './kinds/assert-never';
import { pairwiseAspectChoicesProblem } from './kinds/pairwise';
import type { CalibrationFeedback } from './qc/calibration';
import type { Rubric } from './rubric';
import { conditionProblem } from './rubric-conditions';
import { displaySafeName } from './text/names';

/** A task as written into a package: an opaque id and the texts to show, nothing else. */
export interface PackagedTask {
  id: string;
  kind: TaskKind;
  position: number;
  question: string;
  context: string;
  /** Rating: the answer. Preference: the answer shown as A. */
  answerA: string;
  /** Preference: the answer shown as B; null for ratings. */
  answerB: string | null;
  /** A calibration task only: what the rater is shown after saving it. Null for every other task. */
  feedback: CalibrationFeedback | null;
}

/** SHA-256 over the task list in order, recorded at `pack` and recomputed at `merge`. */
export function taskListDigest(tasks: readonly PackagedTask[], sha256: Sha256): string {
  const canonical = tasks.map((t) =>
    JSON.stringify([
      t.id,
      t.kind,
      t.position,
      t.question,
      t.context,
      t.answerA,
      t.answerB,
      ...(t.feedback ? [t.feedback.expected, t.feedback.rationale] : []),
    ]),
  );
  return sha256(canonical.join('\n'));
}

/** The answers a rater's audit trail says they gave: the last audited value of everything. */
export interface AuditedAnswer {
  values?: Record<string, number>;
  /** Null: an adjudication package's pairwise task whose overall choice is not disputed. */
  choice?: PreferenceKey | null;
  /** Pairwise tasks: the "both unacceptable" mark saved with the choice (null in an adjudication package). */
  bothUnacceptable?: boolean | null;
  /** Pairwise tasks of a rubric with aspects: the choice on each (absent: none). */
  aspects?: Record<string, PreferenceKey>;
  comment: string;
  /**
   * The task's total time and first save, as stored after this change; null in entries written before
   * BlindRate audited them (packages issued before anchoring).
   */
  durationMs: number | null;
  submittedAt: string | null;
  /** Time of the last audited change: the stored updated_at. */
  at: string;
}

/** What an answer's audit entry records (session.ts writes it, the replay reads it). */
export interface AuditedAnswerValue {
  values?: Record<string, number>;
  choice?: PreferenceKey | null;
  bothUnacceptable?: boolean | null;
  aspects?: Record<string, PreferenceKey>;
  comment: string;
  durationMs: number;
  submittedAt: string;
}

/**
 * The first audit entry `pack` writes into a package: it binds the chain to this package id, file
 * (SQLCipher salt) and task list, and the master records its hash, so a history rebuilt from the
 * start, or taken from another package, no longer begins where the master says it must.
 */
export interface PackageAnchor {
  packageId: string;
  fileSalt: string;
  taskDigest: string;
}

export const PACKAGE_ANCHOR_ACTION = 'package.anchor';

export interface AuditedPackageState {
  answers: Map<string, AuditedAnswer>;
  flags: Map<string, boolean>;
  lockedAt: string | null;
  /** The package's anchor entry; null for a package issued before anchoring. */
  anchor: PackageAnchor | null;
}

export const PACKAGE_ACTIONS = [
  'rating.create',
  'rating.update',
  'preference.create',
  'preference.update',
  'pairwise.create',
  'pairwise.update',
  'task.flag',
  'rater.lock',
] as const;

/** One or more problems, each a line naming the task as the rater sees it. */
export class PackageCheckError extends Error {
  readonly problems: readonly string[];
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('\n'));
    this.problems = list;
  }
}

function parsed(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/**
 * Replays a package's audit trail. Refuses entries by anyone but the rater (the anchor `pack` wrote
 * first excepted), actions a rating session never writes, and changes after the lock.
 * `taskLabel` names a task as the rater sees it ("rating task 3"), undefined when not in the package.
 */
export function replayPackageAudit(
  entries: Iterable<AuditContent>,
  rater: string,
  taskLabel: (taskId: string) => string | undefined,
): AuditedPackageState {
  const state: AuditedPackageState = { answers: new Map(), flags: new Map(), lockedAt: null, anchor: null };
  let n = 0;
  for (const entry of entries) {
    n++;
    if (n === 1 && entry.action === PACKAGE_ANCHOR_ACTION) {
      state.anchor = parsed(entry.newValue) as PackageAnchor;
      continue;
    }
    const label = taskLabel(entry.entityId);
    const where = label === undefined ? `audit entry ${n}` : `audit entry ${n} (${label})`;
    if (entry.actor !== rater)
      throw new PackageCheckError(
        `${where} names "${displaySafeName(entry.actor)}" as actor, not the package's rater "${displaySafeName(rater)}"`,
      );
    if (!(PACKAGE_ACTIONS as readonly string[]).includes(entry.action))
      throw new PackageCheckError(`${where} has an unknown action "${displaySafeName(entry.action)}"`);
    if (state.lockedAt !== null) throw new PackageCheckError(`${where} changes work after the rater locked it`);
    if (entry.action === 'rater.lock') {
      state.lockedAt = String(parsed(entry.newValue));
      continue;
    }
    if (label === undefined) throw new PackageCheckError(`audit entry ${n} names a task that is not in the package`);
    const value = parsed(entry.newValue) as Partial<AuditedAnswerValue> | boolean;
    if (entry.action === 'task.flag') state.flags.set(entry.entityId, value === true);
    else if (typeof value === 'object' && value !== null) {
      state.answers.set(entry.entityId, {
        values: value.values,
        choice: value.choice,
        ...(value.bothUnacceptable !== undefined && { bothUnacceptable: value.bothUnacceptable }),
        ...(value.aspects !== undefined && { aspects: value.aspects }),
        comment: value.comment ?? '',
        durationMs: value.durationMs ?? null,
        submittedAt: value.submittedAt ?? null,
        at: entry.at,
      });
    }
  }
  return state;
}

/** A stored answer to a task of `kind` holds that kind's answer and nothing else. Returns a problem or null. */
export function answerProblem(
  kind: TaskKind,
  answer: {
    values: Record<string, number>;
    choice: string | null;
    bothUnacceptable: number | null;
    aspects: Record<string, string>;
    comment: string;
  },
  rubric: Rubric,
): string | null {
  const holdsAspects = Object.keys(answer.aspects).length > 0;
  switch (kind) {
    case 'rating':
      if (holdsAspects) return 'a rating task holds pairwise aspect choices';
      return answer.choice !== null
        ? 'a rating task holds a preference choice'
        : ratingProblem(rubric, answer.values, answer.comment);
    case 'preference':
      if (Object.keys(answer.values).length > 0) return 'a preference task holds rating values';
      if (answer.bothUnacceptable !== null) return 'a preference task holds a "both unacceptable" mark';
      if (holdsAspects) return 'a preference task holds pairwise aspect choices';
      return choiceProblem(answer.choice, rubric.preference.allowTie);
    case 'pairwise':
      if (Object.keys(answer.values).length > 0) return 'a pairwise task holds rating values';
      return (
        choiceProblem(answer.choice, rubric.preference.allowTie) ??
        (answer.bothUnacceptable === 0 || answer.bothUnacceptable === 1
          ? null
          : `its "both unacceptable" mark is ${displaySafeName(String(answer.bothUnacceptable))}, not 0 or 1`) ??
        pairwiseAspectChoicesProblem(rubric, answer.aspects)
      );
    default:
      return assertNever(kind, 'task kind');
  }
}

/**
 * A stored rating is on the rubric, each value on its dimension's scale (a category outside a nominal
 * dimension's categories is refused here), and complete under the rubric's conditions. Returns a problem or null.
 */
export function ratingProblem(rubric: Rubric, values: Record<string, number>, comment: string): string | null {
  const known = new Set(rubric.dimensions.map((d) => d.key));
  const unknown = Object.keys(values).find((key) => !known.has(key));
  if (unknown !== undefined) return `"${displaySafeName(unknown)}" is not a dimension of the rubric "${rubric.name}"`;
  for (const dimension of rubric.dimensions) {
    const value = values[dimension.key];
    const allowed = dimension.scale.map((point) => point.value);
    if (value !== undefined && !allowed.includes(value))
      return `${dimension.label}: ${value} is not on the scale (${allowed.join(', ')})`;
  }
  return conditionProblem(rubric, values, comment);
}

export function choiceProblem(choice: string | null, allowTie: boolean): string | null {
  if (choice === null) return 'it holds no choice';
  if (choice === 'A' || choice === 'B') return null;
  if (choice === 'T') return allowTie ? null : 'a tie was chosen but this study does not allow ties';
  return `the choice "${displaySafeName(String(choice))}" is not A, B${allowTie ? ' or tie' : ''}`;
}

export function durationProblem(durationMs: number): string | null {
  return Number.isInteger(durationMs) && durationMs >= 0 && durationMs <= MAX_TASK_DURATION_MS
    ? null
    : `the duration ${durationMs} ms is not between 0 and 24 h`;
}

/** The longest comment a rater can save (the API's limit), and so the longest a merge accepts. */
export const MAX_COMMENT_LENGTH = 20_000;

export function commentProblem(comment: string): string | null {
  return comment.length <= MAX_COMMENT_LENGTH
    ? null
    : `its comment is ${comment.length.toLocaleString('en')} characters long; at most ${MAX_COMMENT_LENGTH.toLocaleString('en')} are allowed`;
}

/** What a blinded choice means once the master's record of the A position is applied. */
export function resolveOutcome(choice: PreferenceKey, presentedA: PresentedA | null): PreferenceOutcome {
  if (presentedA === null) throw new PackageCheckError('this preference task has no recorded answer order');
  return resolveSide(choice, presentedA, ['model', 'reference']);
}

/** A pairwise choice's letter as the pair's first output, its second, or a tie, from the side shown at A. */
export function resolvePairOutcome(choice: PreferenceKey, presentedA: PairPresentedA): PairOutcome {
  return resolveSide(choice, presentedA, ['first', 'second']);
}

function resolveSide<Side extends ShownAtA>(
  choice: PreferenceKey,
  presentedA: Side,
  sides: readonly [Side, Side],
): Side | 'tie' {
  if (choice === 'T') return 'tie';
  const other = presentedA === sides[0] ? sides[1] : sides[0];
  return choice === 'A' ? presentedA : other;
}
