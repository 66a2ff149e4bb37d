/**
 * `adjudicate`: an adjudication round. The disagreements among the merged primary answers
 * (shared/adjudication/disagreement.ts) go into one package for one adjudicator, blinded like a rater's
 * package: each disputed output's (or pair's) texts under an opaque id, a drawn order, a preference's or a
 * pairwise task's answers in a drawn position, and the raters' values as "Rater 1", "Rater 2", … in an
 * order drawn per task (a choice's as the sides A / B / T of that position), or not shown at all. Every draw comes from the plan's secret, keyed by the round's id (its package id); the master records
 * which shown rater was whom. The package is written, anchored and recorded like a rater's (pack.ts).
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import {
  findDisputes,
  resolveThresholds,
  type DisputeThresholds,
  type MergedJudgement,
} from '../../shared/adjudication/disagreement';
import {
  planAdjudicationRound,
  shownRaterLabel,
  valueAsShown,
  type AdjudicationTaskPlan,
} from '../../shared/adjudication/round';
import type { Clock } from '../../shared/clock';
import type { DimensionKind } from '../../shared/kinds/dimension-kinds';
import { StudyError } from '../../shared/errors';
import type { PackagedTask } from '../../shared/package-contents';
import { displaySafeName, nameProblem } from '../../shared/text/names';
import type { PairPresentedA } from '../../shared/domain';
import { assertNever } from '../../shared/kinds/assert-never';
import { TASK_KIND_SPECS } from '../../shared/kinds/task-kinds';
import { resolvePairOutcome } from '../../shared/package-contents';
import {
  insertAdjudicationDispute,
  insertAdjudicationRound,
  insertAdjudicationTask,
  readOutputTexts,
  readPrimaryJudgements,
  type OutputTexts,
} from '../../db/adjudication';
import { insertPackageDispute } from '../../db/adjudication-package';
import { appendAudit } from '../../db/audit';
import type { StudyDb } from '../../db/connection';
import { readPlanSecret } from '../../db/plan';
import { ADJUDICATION_PACKAGE_KIND } from './adjudication-kind';
import { writeAnchoredPackage } from './pack';
import { refuseSharedPackagePassphrase } from './package-passphrase';
import { findRaterByName } from './raters';
import { keyedStream } from './secret-stream';
import { COORDINATOR_ACTOR, readActiveRubric } from './study';

export interface AdjudicateOptions {
  adjudicator: string;
  out: string;
  /** Checked for strength by the caller. */
  passphrase: string;
  /** The master's own passphrase, which the package must not share (null when the caller has none to give). */
  masterPassphrase: string | null;
  /** Whether the package shows the raters' values (false: a fully blind second opinion). */
  showRatings: boolean;
  /** Scale-step thresholds of the ordered kinds; absent kinds keep their default. */
  thresholds: DisputeThresholds;
  clock: Clock;
}

export interface AdjudicationSummary {
  roundId: string;
  adjudicator: string;
  /** Disputed outputs (tasks in the package) and disputed dimensions over them. */
  tasks: number;
  disputes: number;
  bytes: number;
}

/** One judgement per rater and task: their rating values, or their choices' outcomes. */
export function mergedJudgements(master: StudyDb): MergedJudgement[] {
  const byAnswer = new Map<
    string,
    MergedJudgement & { ratings: Record<string, number>; choices: Record<string, string> }
  >();
  for (const row of readPrimaryJudgements(master)) {
    const key = `${row.task}\u0000${row.outputId}\u0000${row.outputBId ?? ''}\u0000${row.raterId}`;
    let judgement = byAnswer.get(key);
    if (!judgement) {
      judgement = {
        taskKind: row.task,
        outputId: row.outputId,
        outputBId: row.outputBId,
        raterId: row.raterId,
        ratings: {},
        choices: {},
      };
      byAnswer.set(key, judgement);
    }
    const rule = TASK_KIND_SPECS[row.task].disagreement;
    switch (rule.judged) {
      case 'rubric dimensions':
        judgement.ratings[row.dimension!] = row.value!;
        break;
      case 'choice':
        judgement.choices[row.dimension ?? rule.dimension] =
          row.outcome ?? resolvePairOutcome(row.letter!, row.presentedA as PairPresentedA);
        break;
      default:
        assertNever(rule, 'task disagreement');
    }
  }
  return [...byAnswer.values()];
}

/** Why a round cannot be packed: the refusals `adjudicate` and the app's Adjudicate step share. */
export const NO_PLAN_YET = 'This study has no plan yet: assign raters, pack and merge their work first.';
export const NOTHING_DISPUTED =
  'The merged ratings hold no disagreement at these thresholds: there is nothing to adjudicate.';

export function checkedThresholds(thresholds: DisputeThresholds): Record<DimensionKind, number | null> {
  try {
    return resolveThresholds(thresholds);
  } catch (error) {
    throw new StudyError(`The disagreement threshold is refused: ${(error as Error).message}.`);
  }
}

function refuseAdjudicator(master: StudyDb, name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new StudyError('The adjudicator name is empty.');
  const problem = nameProblem(trimmed, 'rater');
  if (problem) throw new StudyError(problem.replace('The rater name', 'The adjudicator name'));
  if (findRaterByName(master, trimmed))
    throw new StudyError(
      `${displaySafeName(trimmed)} is a rater of this study: an adjudicator settles the raters' disagreements and must be someone else.`,
    );
  return trimmed;
}

/**
 * A task of the package as a rater's task shows it: the output's texts, and a preference's answer and
 * reference, or a pair's two answers, in the drawn order.
 */
function packagedTask(plan: AdjudicationTaskPlan, id: string, texts: ReadonlyMap<number, OutputTexts>): PackagedTask {
  const output = texts.get(plan.outputId)!;
  const { question, context } = output;
  const shown = { id, kind: plan.taskKind, position: plan.position, question, context, feedback: null };
  const sides = TASK_KIND_SPECS[plan.taskKind].sides;
  if (sides === null) return { ...shown, answerA: output.answer, answerB: null };
  // The second side is a preference's reference, or a pair's second output.
  const second = plan.outputBId === null ? output.reference : texts.get(plan.outputBId)!.answer;
  const [atA, atB] = plan.presentedA === sides[0] ? [output.answer, second] : [second, output.answer];
  return { ...shown, answerA: atA, answerB: atB };
}

/**
 * What `adjudicate` refuses before it writes anything: an adjudicator who is a rater (or an unusable name),
 * a threshold it cannot take, and a passphrase that is the master's or another package's (null: one is
 * generated later, so none to check). The app calls it before asking where to save.
 */
export function checkAdjudicationRequest(
  master: StudyDb,
  request: Pick<AdjudicateOptions, 'adjudicator' | 'masterPassphrase' | 'thresholds'> & { passphrase: string | null },
): { adjudicator: string; thresholds: Record<DimensionKind, number | null> } {
  const adjudicator = refuseAdjudicator(master, request.adjudicator);
  const thresholds = checkedThresholds(request.thresholds);
  if (request.passphrase !== null)
    refuseSharedPackagePassphrase(
      master,
      { role: 'adjudicator', name: adjudicator },
      request.passphrase,
      request.masterPassphrase,
    );
  return { adjudicator, thresholds };
}

export function packAdjudicationPackage(master: StudyDb, options: AdjudicateOptions): AdjudicationSummary {
  const { adjudicator, thresholds } = checkAdjudicationRequest(master, options);
  const secret = readPlanSecret(master);
  if (!secret) throw new StudyError(NO_PLAN_YET);
  const rubric = readActiveRubric(master);
  const disputes = findDisputes(rubric.dimensions, mergedJudgements(master), options.thresholds);
  if (disputes.length === 0) throw new StudyError(NOTHING_DISPUTED);

  const roundId = randomUUID();
  const plans = planAdjudicationRound(disputes, {
    order: keyedStream(secret, 'adjudication order', roundId),
    task: (kind, outputId, outputBId) =>
      keyedStream(
        secret,
        'adjudication task',
        roundId,
        kind,
        String(outputId),
        ...(outputBId === null ? [] : [String(outputBId)]),
      ),
  });
  const texts = readOutputTexts(
    master,
    plans.flatMap((p) => (p.outputBId === null ? [p.outputId] : [p.outputId, p.outputBId])),
  );
  const taskIds = plans.map(() => randomUUID());
  const tasks = plans.map((plan, i) => packagedTask(plan, taskIds[i]!, texts));
  const written = writeAnchoredPackage(master, {
    out: options.out,
    passphrase: options.passphrase,
    packageId: roundId,
    holder: adjudicator,
    tasks,
    clock: options.clock,
    meta: { package_kind: ADJUDICATION_PACKAGE_KIND },
    writeContents: (file) =>
      plans.forEach((plan, i) =>
        plan.disputes.forEach((dispute, position) =>
          insertPackageDispute(file, {
            taskId: taskIds[i]!,
            dimension: dispute.dimension,
            position,
            shown: options.showRatings
              ? dispute.shown.map((v, rank) => ({
                  label: shownRaterLabel(rank),
                  value: valueAsShown(v.value, plan.presentedA),
                }))
              : [],
          }),
        ),
      ),
    record: (issued) => {
      insertAdjudicationRound(master, {
        id: roundId,
        adjudicator,
        showsRatings: options.showRatings,
        thresholdsJson: JSON.stringify(thresholds),
        passphrase: options.passphrase,
        fileSalt: issued.fileSalt,
        taskDigest: issued.taskDigest,
        taskCount: tasks.length,
        issuedAt: issued.at,
        anchorHash: issued.anchorHash,
      });
      plans.forEach((plan, i) => {
        insertAdjudicationTask(master, {
          id: taskIds[i]!,
          roundId,
          position: plan.position,
          outputId: plan.outputId,
          outputBId: plan.outputBId,
          taskKind: plan.taskKind,
          presentedA: plan.presentedA,
        });
        plan.disputes.forEach((dispute, position) =>
          insertAdjudicationDispute(master, taskIds[i]!, dispute.dimension, position, dispute.shown),
        );
      });
      appendAudit(master, {
        at: issued.at,
        actor: COORDINATOR_ACTOR,
        action: 'adjudication.issue',
        entity: 'adjudication',
        entityId: roundId,
        newValue: {
          adjudicator,
          tasks: tasks.length,
          disputes: disputes.length,
          showsRatings: options.showRatings,
          thresholds,
          digest: issued.taskDigest,
          file: basename(options.out),
          anchor: issued.anchorHash,
        },
      });
    },
  });
  return { roundId, adjudicator, tasks: tasks.length, disputes: disputes.length, bytes: written.bytes };
}
