/**
 * Merging an adjudication package back (docs/adjudication.md): verified like a rater's package and in one
 * write transaction, refused whole with one line per problem naming the file, the master unchanged:
 * - issued by this master as an adjudication round (found by its SQLCipher salt, opened with the recorded
 *   passphrase), closed by the app, naming this study, round and adjudicator, its task list as packed;
 * - its audit chain verifies, begins with the anchor recorded at `adjudicate`, every other entry names the
 *   adjudicator, and the stored answers, durations and times equal the last audited ones (the rater
 *   package's own checks, checkPackageContents), each answer giving exactly its task's disputed
 *   dimensions on their scales, and the stored reason tags and guideline gaps equal the audited ones.
 * Then every answered dispute's final value (a preference's or a pairwise choice's outcome once its drawn
 * order is undone), reason and guideline gap is written to adjudicated_values, and the merge is audited.
 */
import { basename } from 'node:path';
import type { AdjudicationMark } from '../../shared/api';
import { isoNow, type Clock } from '../../shared/clock';
import { PackageRefusal } from '../../shared/errors';
import type {
  PairOutcome,
  PairPresentedA,
  PreferenceKey,
  PreferenceOutcome,
  PresentedA,
  TaskKind,
} from '../../shared/domain';
import { assertNever } from '../../shared/kinds/assert-never';
import { OVERALL_PAIRWISE_DIMENSION } from '../../shared/kinds/pairwise';
import type { Rubric } from '../../shared/rubric';
import {
  choiceProblem,
  PackageCheckError,
  type PackagedTask,
  resolveOutcome,
  resolvePairOutcome,
  taskListDigest,
} from '../../shared/package-contents';
import type { StoredPackageAnswer } from '../../db/package-file';
import {
  findAdjudicationRoundBySalt,
  markAdjudicationRoundReturned,
  readRoundDisputes,
  writeAdjudicatedValue,
  type AdjudicationDisputeRow,
  type AdjudicationRound,
} from '../../db/adjudication';
import { readPackageDisputes, readPackageMarks } from '../../db/adjudication-package';
import { appendAudit, sha256 } from '../../db/audit';
import {
  inWriteTransaction,
  openStudyDatabase,
  readCipherSalt,
  readPackageCloseState,
  type StudyDb,
} from '../../db/connection';
import { readMeta } from '../../db/meta';
import { readPackageMeta, readPackageTasks } from '../../db/package-file';
import { ADJUDICATION_PACKAGE_KIND } from './adjudication-kind';
import { checkPackageContents } from './merge';
import { COORDINATOR_ACTOR, readActiveRubric } from './study';

export interface AdjudicationMergeSummary {
  file: string;
  adjudicator: string;
  roundId: string;
  /** Disputed dimensions the package settles, of all the round sent. */
  settled: number;
  disputes: number;
  locked: boolean;
}

const MERGE_WAIT_MS = 60_000;

/** Each adjudication package is merged in a write transaction of its own, never beside other packages. */
export const MERGED_ALONE = 'is an adjudication package: merge it on its own, one per merge.';

/** The round an adjudication package file belongs to, found by its salt; null for any other file. */
export function adjudicationRoundOf(master: StudyDb, path: string): AdjudicationRound | null {
  try {
    return findAdjudicationRoundBySalt(master, readCipherSalt(path));
  } catch {
    return null;
  }
}

export function mergeAdjudicationPackage(master: StudyDb, path: string, clock: Clock): AdjudicationMergeSummary {
  const file = basename(path);
  const refuse = (problems: readonly string[]): never => {
    throw new PackageRefusal(file, problems);
  };
  return inWriteTransaction(
    master,
    () => {
      const round = adjudicationRoundOf(master, path) ?? refuse(['is not an adjudication package of this study']);
      let db: StudyDb;
      try {
        db = openStudyDatabase(path, round.passphrase, { readonly: true, kind: 'package' });
      } catch {
        return refuse(['does not open with the passphrase recorded when it was packed']);
      }
      try {
        if (readPackageCloseState(db) === 'open')
          refuse(['this copy was taken while BlindRate had it open (or BlindRate stopped without closing it)']);
        const now = isoNow(clock);
        const { settlements: settled, head, entries } = checkedSettlements(master, db, round, now, refuse);
        for (const settlement of settled) writeAdjudicatedValue(master, settlement);
        const lockedAt = readPackageMeta(db, 'locked_at') ?? null;
        markAdjudicationRoundReturned(master, round.id, now, head, entries);
        const disputes = readRoundDisputes(master, round.id).length;
        appendAudit(master, {
          at: now,
          actor: COORDINATOR_ACTOR,
          action: 'adjudication.merge',
          entity: 'adjudication',
          entityId: round.id,
          newValue: { file, settled: settled.length, disputes, locked: lockedAt !== null, head },
        });
        return {
          file,
          adjudicator: round.adjudicator,
          roundId: round.id,
          settled: settled.length,
          disputes,
          locked: lockedAt !== null,
        };
      } catch (error) {
        if (error instanceof PackageCheckError) refuse(error.problems);
        throw error;
      } finally {
        db.close();
      }
    },
    { waitMs: MERGE_WAIT_MS },
  );
}

interface Settlement {
  taskId: string;
  dimension: string;
  value: number | null;
  outcome: PreferenceOutcome | PairOutcome | null;
  reason: AdjudicationMark['reason'];
  guidelineGap: boolean;
  adjudicatedAt: string;
}

/** The package's checks; returns what it settles, with the chain head and length to record. */
function checkedSettlements(
  master: StudyDb,
  db: StudyDb,
  round: AdjudicationRound,
  now: string,
  refuse: (problems: readonly string[]) => never,
): { settlements: Settlement[]; head: string; entries: number } {
  if (readPackageMeta(db, 'package_kind') !== ADJUDICATION_PACKAGE_KIND) refuse(['is not an adjudication package']);
  if (readPackageMeta(db, 'package_id') !== round.id) refuse(['its package id is not the one recorded for this file']);
  if (readPackageMeta(db, 'study_id') !== readMeta(master, 'study_id')) refuse(['it belongs to another study']);
  if (readPackageMeta(db, 'rater_name') !== round.adjudicator)
    refuse([`it names another adjudicator than ${round.adjudicator}`]);
  if (taskListDigest(readPackageTasks(db), sha256) !== round.taskDigest)
    refuse(['its task list differs from the one packed (digest mismatch)']);

  const rubric = readActiveRubric(master);
  const disputed = disputedDimensions(db);
  const contents = checkPackageContents(
    db,
    rubric,
    round.adjudicator,
    { now, issuedAt: round.issuedAt },
    adjudicationAnswerCheck(db, rubric),
  );
  if (contents.entries[0]?.hash !== round.anchorHash)
    refuse(['its audit history does not begin with the anchor written when it was packed']);

  // The last audited marks of each task, against the stored ones.
  const auditedMarks = new Map<string, Record<string, AdjudicationMark>>();
  for (const entry of contents.entries) {
    if (!['rating.', 'preference.', 'pairwise.'].some((kind) => entry.action.startsWith(kind))) continue;
    const value = JSON.parse(entry.newValue ?? 'null') as { marks?: Record<string, AdjudicationMark> } | null;
    auditedMarks.set(entry.entityId, value?.marks ?? {});
  }
  const stored = readPackageMarks(db);
  const problems: string[] = [];
  for (const mark of stored) {
    const audited = auditedMarks.get(mark.taskId)?.[mark.dimension];
    if (!audited || audited.reason !== mark.reason || audited.guidelineGap !== mark.guidelineGap)
      problems.push(
        `${contents.label(mark.taskId) ?? 'a task'}: the stored reason or guideline gap of "${mark.dimension}" differs from the audited one`,
      );
  }
  if (problems.length > 0) refuse(problems);

  const recordedDisputes = new Map(
    readRoundDisputes(master, round.id).map((d) => [`${d.taskId}\u0000${d.dimension}`, d]),
  );
  const settlements: Settlement[] = [];
  for (const answer of contents.answers) {
    for (const dimension of disputed(answer.taskId)) {
      const recorded =
        recordedDisputes.get(`${answer.taskId}\u0000${dimension}`) ??
        refuse([`${contents.label(answer.taskId)} is not in this round`]);
      const mark = stored.find((m) => m.taskId === answer.taskId && m.dimension === dimension);
      settlements.push({
        taskId: answer.taskId,
        dimension,
        ...finalValue(recorded.taskKind, dimension, answer, recorded.presentedA),
        reason: mark?.reason ?? null,
        guidelineGap: mark?.guidelineGap ?? false,
        adjudicatedAt: answer.updatedAt,
      });
    }
  }
  return { settlements, head: contents.head, entries: contents.entries.length };
}

/** Task id → its disputed dimensions, in the package's order. */
function disputedDimensions(db: StudyDb): (taskId: string) => string[] {
  const disputes = readPackageDisputes(db);
  return (taskId) => disputes.filter((d) => d.taskId === taskId).map((d) => d.dimension);
}

/** What an adjudication package's stored answers must be (for checkPackageContents: the merge, `audit verify`). */
export function adjudicationAnswerCheck(
  db: StudyDb,
  rubric: Rubric,
): (task: PackagedTask, answer: StoredPackageAnswer) => string | null {
  const disputed = disputedDimensions(db);
  return (task, answer) => finalAnswerProblem(task.kind, disputed(task.id), answer, rubric);
}

/**
 * An adjudicator's stored answer gives exactly its task's disputed dimensions, each a value its kind allows:
 * a rating's on its scale, a preference's or a pairwise task's choices A, B or an allowed tie (a pairwise
 * task's overall choice only when disputed, its "both unacceptable" mark never). A problem, or null.
 */
function finalAnswerProblem(
  kind: TaskKind,
  disputed: readonly string[],
  answer: StoredPackageAnswer,
  rubric: Rubric,
): string | null {
  const allowTie = rubric.preference.allowTie;
  switch (kind) {
    case 'rating':
      return givenExactly(disputed, answer.values) ?? scaleProblem(disputed, answer.values, rubric);
    case 'preference':
      return answer.choice === null ? 'the final choice is missing' : choiceProblem(answer.choice, allowTie);
    case 'pairwise': {
      if (Object.keys(answer.values).length > 0) return 'a pairwise task holds rating values';
      if (answer.bothUnacceptable !== null) return 'it holds a "both unacceptable" mark, which is not adjudicated';
      const overallDisputed = disputed.includes(OVERALL_PAIRWISE_DIMENSION);
      const choices: Record<string, string> = {
        ...answer.aspects,
        ...(answer.choice !== null && { [OVERALL_PAIRWISE_DIMENSION]: answer.choice }),
      };
      if (!overallDisputed && answer.choice !== null) return 'the overall choice is not disputed in this task';
      const problem = givenExactly(disputed, choices);
      if (problem) return problem;
      for (const key of disputed) {
        const invalid = choiceProblem(choices[key]!, allowTie);
        if (invalid) return `${key}: ${invalid}`;
      }
      return null;
    }
    default:
      return assertNever(kind, 'task kind');
  }
}

/** The answer gives a final value for every disputed dimension and for nothing else. */
function givenExactly(disputed: readonly string[], given: Readonly<Record<string, unknown>>): string | null {
  const extra = Object.keys(given).find((k) => !disputed.includes(k));
  if (extra !== undefined) return `"${extra}" is not disputed in this task`;
  const missing = disputed.find((k) => given[k] === undefined);
  return missing === undefined ? null : `the final value of "${missing}" is missing`;
}

function scaleProblem(
  disputed: readonly string[],
  values: Readonly<Record<string, number>>,
  rubric: Rubric,
): string | null {
  for (const key of disputed) {
    const allowed = rubric.dimensions.find((d) => d.key === key)!.scale.map((p) => p.value);
    if (!allowed.includes(values[key]!)) return `${key}: ${values[key]} is not on the scale (${allowed.join(', ')})`;
  }
  return null;
}

/** A disputed dimension's final value as the master stores it: a rating value, or a choice unblinded. */
function finalValue(
  kind: TaskKind,
  dimension: string,
  answer: StoredPackageAnswer,
  presentedA: AdjudicationDisputeRow['presentedA'],
): Pick<Settlement, 'value' | 'outcome'> {
  switch (kind) {
    case 'rating':
      return { value: answer.values[dimension]!, outcome: null };
    case 'preference':
      return { value: null, outcome: resolveOutcome(answer.choice!, presentedA as PresentedA | null) };
    case 'pairwise': {
      const letter = dimension === OVERALL_PAIRWISE_DIMENSION ? answer.choice! : answer.aspects[dimension]!;
      return { value: null, outcome: resolvePairOutcome(letter as PreferenceKey, presentedA as PairPresentedA) };
    }
    default:
      return assertNever(kind, 'task kind');
  }
}
