/**
 * Sealing the protocol (pre-registration) and guarding it after: `sealProtocol` hashes the protocol as
 * it stands (shared/protocol.ts) into the audit chain; every service that changes a part of it calls
 * `recordProtocolChange` inside its transaction, which refuses the change (the transaction rolls back,
 * the master untouched) unless the coordinator gave a reason, and then records it as a deviation.
 */
import { appendAudit, sha256 } from '../../db/audit';
import { APP_VERSION } from '../../db/app-version';
import type { StudyDb } from '../../db/connection';
import {
  PROTOCOL_DEVIATION_ACTION,
  PROTOCOL_SEAL_ACTION,
  readProtocolEntries,
  readRaterAssignments,
  readRaterIdsInOrder,
  readSampleOutputs,
} from '../../db/protocol';
import { countResponses, readPlan } from '../../db/plan';
import { readCalibrationExpectations, readPlanQcOptions } from '../../db/quality-control';
import { readSamples } from '../../db/samples';
import { readMetricNames } from '../../db/scores';
import {
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_BOOTSTRAP_SEED,
  DEFAULT_FAST_MS,
  DEFAULT_STRAIGHT_RUN,
} from '../../shared/analysis/defaults';
import { isoNow, type Clock } from '../../shared/clock';
import type { TaskKind } from '../../shared/domain';
import { StudyError } from '../../shared/errors';
import {
  PROTOCOL_FORMAT,
  protocolDifferences,
  protocolHash,
  protocolInForce,
  raterCode,
  shortHash,
  type DeviationKind,
  type Protocol,
  type ProtocolAnalysis,
  type ProtocolRater,
  type ProtocolRecord,
  type ProtocolSeal,
} from '../../shared/protocol';
import { compareCodeUnits } from '../../shared/sampling';
import type { AnalyzeOptions } from './ratings-analysis';
import { readActiveRubric } from './study';
import { COORDINATOR_ACTOR } from './study';

/** The analysis settings a coordinator chooses; the metrics are the study's own. */
export type PlannedAnalysis = Pick<ProtocolAnalysis, 'bootstrap' | 'seed' | 'fastMs' | 'straightRun'>;

export const DEFAULT_PLANNED_ANALYSIS: PlannedAnalysis = {
  bootstrap: DEFAULT_BOOTSTRAP_RESAMPLES,
  seed: DEFAULT_BOOTSTRAP_SEED,
  fastMs: DEFAULT_FAST_MS,
  straightRun: DEFAULT_STRAIGHT_RUN,
};

/** The protocol as the master holds it now, with the given analysis and BlindRate version. */
export function buildProtocol(db: StudyDb, analysis: PlannedAnalysis, blindrateVersion: string): Protocol {
  const plan = readPlan(db);
  return {
    format: PROTOCOL_FORMAT,
    blindrateVersion,
    rubric: readActiveRubric(db),
    samples: readSamples(db).map((sample) => ({
      task: sample.task,
      bins: sample.bins,
      perBin: sample.perBin,
      binningMetrics: sample.metrics,
      seed: sample.seed,
      disjoint: sample.disjoint,
      models: sample.models,
      outputs: readSampleOutputs(db, sample.id),
    })),
    plan: {
      overlap: plan?.overlap ?? 0,
      seed: plan?.seed ?? 0,
      qc: readPlanQcOptions(db),
      calibration: readCalibrationExpectations(db),
      raters: protocolRaters(db),
    },
    analysis: {
      bootstrap: analysis.bootstrap,
      seed: analysis.seed,
      metrics: readMetricNames(db).sort(compareCodeUnits),
      fastMs: analysis.fastMs,
      straightRun: analysis.straightRun,
      adjudication: 'none',
    },
  };
}

/** Each rater with assignments, coded in the order raters were added. */
function protocolRaters(db: StudyDb): ProtocolRater[] {
  const assignments = readRaterAssignments(db);
  const withTasks = readRaterIdsInOrder(db).filter((r) => assignments.some((a) => a.raterId === r.id));
  return withTasks.map((rater, index) => {
    const outputs: Partial<Record<TaskKind, number[]>> = {};
    const qc: ProtocolRater['qc'] = [];
    for (const a of assignments) {
      if (a.raterId !== rater.id) continue;
      if (a.qcRole !== null) qc.push({ outputId: a.outputId, role: a.qcRole });
      else (outputs[a.kind] ??= []).push(a.outputId);
    }
    return { code: raterCode(index, withTasks.length), outputs, qc };
  });
}

/** Rater name → code, as the protocol codes them (raters without tasks get none). */
export function raterCodes(db: StudyDb): Map<string, string> {
  const assigned = new Set(readRaterAssignments(db).map((a) => a.raterId));
  const raters = readRaterIdsInOrder(db).filter((r) => assigned.has(r.id));
  return new Map(raters.map((r, index) => [r.name, raterCode(index, raters.length)]));
}

/** The seal and its deviations, or null while the protocol is not sealed. */
export function readProtocolRecord(db: StudyDb): ProtocolRecord | null {
  const entries = readProtocolEntries(db);
  const [first, ...rest] = entries;
  if (!first || first.action !== PROTOCOL_SEAL_ACTION) return null;
  const seal = JSON.parse(first.newValue) as Omit<ProtocolSeal, 'at'>;
  return {
    seal: { ...seal, at: first.at },
    deviations: rest
      .filter((e) => e.action === PROTOCOL_DEVIATION_ACTION)
      .map((e) => ({ ...(JSON.parse(e.newValue) as Omit<ProtocolRecord['deviations'][number], 'at'>), at: e.at })),
  };
}

function plannedAnalysisOf(protocol: Protocol): PlannedAnalysis {
  const { bootstrap, seed, fastMs, straightRun } = protocol.analysis;
  return { bootstrap, seed, fastMs, straightRun };
}

export function checkPlannedAnalysis(analysis: PlannedAnalysis): void {
  const { bootstrap, seed, fastMs, straightRun } = analysis;
  if (!Number.isInteger(bootstrap) || bootstrap < 0)
    throw new StudyError(`Bootstrap resamples must be a whole number ≥ 0, got ${bootstrap}.`);
  if (!Number.isInteger(seed) || seed < 0)
    throw new StudyError(`The bootstrap seed must be a whole number ≥ 0, got ${seed}.`);
  if (!Number.isInteger(fastMs) || fastMs < 0)
    throw new StudyError(`The fast-answer threshold must be a whole number of milliseconds ≥ 0, got ${fastMs}.`);
  if (!Number.isInteger(straightRun) || straightRun < 2)
    throw new StudyError(`The straight-run threshold must be a whole number ≥ 2, got ${straightRun}.`);
}

/** Seals the protocol as it stands: its SHA-256 and the protocol itself go into the audit chain. */
export function sealProtocol(db: StudyDb, analysis: PlannedAnalysis, clock: Clock): ProtocolSeal {
  checkPlannedAnalysis(analysis);
  return db.transaction(() => {
    const sealed = readProtocolRecord(db);
    if (sealed)
      throw new StudyError(
        `The protocol was already sealed on ${sealed.seal.at} (SHA-256 ${shortHash(sealed.seal.hash)}); changes since are deviations.`,
      );
    if (readSamples(db).length === 0 || readPlan(db) === null)
      throw new StudyError('Nothing to seal yet: draw the samples and assign the raters first.');
    if (countResponses(db) > 0)
      throw new StudyError(
        'Answers have already come back: a protocol sealed now would not show that it was fixed before rating.',
      );
    const protocol = buildProtocol(db, analysis, APP_VERSION);
    const hash = protocolHash(protocol, sha256);
    const at = isoNow(clock);
    appendAudit(db, {
      at,
      actor: COORDINATOR_ACTOR,
      action: PROTOCOL_SEAL_ACTION,
      entity: 'protocol',
      entityId: hash,
      newValue: { hash, protocol },
    });
    return { hash, at, protocol };
  })();
}

/** How a refusal names the change it refuses. */
const CHANGE_WORDS: Record<DeviationKind, string> = {
  redraw: 'this redraw',
  'new sample': 'this new sample',
  're-plan': 'this re-plan',
  'raters added': 'adding these raters',
  'analysis options': 'analysing with these options',
};

export interface ProtocolChange {
  kind: DeviationKind;
  /** The coordinator's reason; without one a change to a sealed protocol is refused. */
  reason?: string;
  at: string;
  /** For a change of the analysis: the analysis asked for. */
  analysis?: PlannedAnalysis;
}

/**
 * Call inside the transaction of a change, after it is written: nothing happens while the protocol is
 * not sealed or the change leaves it as it is; otherwise the change is refused (throws, so the caller's
 * transaction rolls back) or, with a reason, recorded as a deviation.
 */
export function recordProtocolChange(db: StudyDb, change: ProtocolChange): void {
  const record = readProtocolRecord(db);
  if (!record) return;
  const inForce = protocolInForce(record);
  const analysis = change.analysis ?? plannedAnalysisOf(inForce.protocol);
  const protocol = buildProtocol(db, analysis, inForce.protocol.blindrateVersion);
  const hash = protocolHash(protocol, sha256);
  if (hash === inForce.hash) return;
  const changes = protocolDifferences(inForce.protocol, protocol);
  const reason = change.reason?.trim() ?? '';
  if (reason === '')
    throw new StudyError(
      `The protocol was sealed on ${record.seal.at} (SHA-256 ${shortHash(record.seal.hash)}) and ${CHANGE_WORDS[change.kind]} changes its ${changes.join(', ')}: give the reason for the deviation to record it, or leave the protocol as sealed.`,
    );
  appendAudit(db, {
    at: change.at,
    actor: COORDINATOR_ACTOR,
    action: PROTOCOL_DEVIATION_ACTION,
    entity: 'protocol',
    entityId: hash,
    newValue: { kind: change.kind, reason, changes, hash, protocol },
  });
}

/**
 * The analysis a report runs: the protocol's when it is sealed, with what is asked laid over it. Asking
 * for something else than the sealed analysis is a deviation (refused without a reason, else recorded).
 */
export function analysisInForce(
  db: StudyDb,
  asked: Partial<PlannedAnalysis>,
  deviation: { reason?: string; clock: Clock },
): AnalyzeOptions {
  const record = readProtocolRecord(db);
  const planned = record ? plannedAnalysisOf(protocolInForce(record).protocol) : DEFAULT_PLANNED_ANALYSIS;
  const analysis = { ...planned, ...asked };
  checkPlannedAnalysis(analysis);
  if (record)
    db.transaction(() =>
      recordProtocolChange(db, {
        kind: 'analysis options',
        reason: deviation.reason,
        at: isoNow(deviation.clock),
        analysis,
      }),
    )();
  return analyzeOptionsOf(analysis);
}

/** The analysis the app's Reports screen and report downloads run: the protocol's, or the defaults. */
export function plannedAnalysisOptions(db: StudyDb): AnalyzeOptions {
  const record = readProtocolRecord(db);
  return analyzeOptionsOf(record ? plannedAnalysisOf(protocolInForce(record).protocol) : DEFAULT_PLANNED_ANALYSIS);
}

export function analyzeOptionsOf(analysis: PlannedAnalysis): AnalyzeOptions {
  return {
    bootstrap: analysis.bootstrap,
    seed: analysis.seed,
    qc: { fastMs: analysis.fastMs, straightRun: analysis.straightRun },
  };
}
