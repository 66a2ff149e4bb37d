/**
 * The study protocol as it is sealed before anyone rates (pre-registration): the rubric, the samples,
 * the assignment plan and quality-control design (never the plan's secret), the planned analysis and
 * the BlindRate version, written canonically so one protocol always gives the same bytes and the same
 * SHA-256. What changes it after the seal is refused or recorded as a deviation (electron/services/protocol.ts).
 */
import type { TaskKind } from './domain';
import type { QcOptions } from './qc/options';
import type { Rubric } from './rubric';
import type { Sha256 } from './audit-chain';

export const PROTOCOL_FORMAT = 'blindrate-protocol/1';

/** One drawn output of a sample: the database's output id, what it is, and its bin. */
export interface ProtocolOutput {
  outputId: number;
  itemId: string;
  model: string;
  bin: number;
}

export interface ProtocolSample {
  task: TaskKind;
  bins: number;
  perBin: number;
  /** The automatic metrics whose average sorts each model's outputs into bins. */
  binningMetrics: string[];
  seed: number;
  disjoint: boolean;
  models: string[];
  /** In model, item order. */
  outputs: ProtocolOutput[];
}

/** One rater's share of the plan, under the rater's code (names stay in the master). */
export interface ProtocolRater {
  code: string;
  /** Output ids per task kind, ascending; a quality-control showing is listed under `qc`. */
  outputs: Partial<Record<TaskKind, number[]>>;
  qc: { outputId: number; role: string }[];
}

export interface ProtocolCalibrationEntry {
  itemId: string;
  model: string;
  expected: Record<string, number>;
}

export interface ProtocolPlan {
  overlap: number;
  seed: number;
  qc: QcOptions;
  calibration: ProtocolCalibrationEntry[];
  raters: ProtocolRater[];
}

/** The planned analysis: what the report and a bundle's re-analysis run with. */
export interface ProtocolAnalysis {
  bootstrap: number;
  seed: number;
  /** The metrics correlated with the ratings. */
  metrics: string[];
  /** Thresholds of the per-rater quality-control flags. */
  fastMs: number;
  straightRun: number;
  /** BlindRate analyses every rater's value; no rule resolves disagreements. */
  adjudication: 'none';
}

export interface Protocol {
  format: typeof PROTOCOL_FORMAT;
  blindrateVersion: string;
  rubric: Rubric;
  samples: ProtocolSample[];
  plan: ProtocolPlan;
  analysis: ProtocolAnalysis;
}

/** Stable codes R01, R02, … in the order given (two digits at least, more past 99). */
export function raterCode(index: number, count: number): string {
  return `R${String(index + 1).padStart(Math.max(2, String(count).length), '0')}`;
}

/**
 * JSON with every object's keys in code-unit order and no whitespace: the same value gives the same
 * text whatever order its fields were built in. Undefined fields are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The protocol's canonical bytes (UTF-8 of this text) and the text its hash is taken over. */
export function serialiseProtocol(protocol: Protocol): string {
  return canonicalJson(protocol);
}

export function protocolHash(protocol: Protocol, sha256: Sha256): string {
  return sha256(serialiseProtocol(protocol));
}

/** The parts of a protocol a change can touch, in the words the report and refusals use. */
const PARTS: ReadonlyArray<readonly [string, (p: Protocol) => unknown]> = [
  ['rubric', (p) => p.rubric],
  ['rating sample', (p) => p.samples.filter((s) => s.task === 'rating')],
  ['preference sample', (p) => p.samples.filter((s) => s.task === 'preference')],
  ['other samples', (p) => p.samples.filter((s) => s.task !== 'rating' && s.task !== 'preference')],
  ['assignment plan', (p) => ({ overlap: p.plan.overlap, seed: p.plan.seed, raters: p.plan.raters })],
  ['quality-control design', (p) => ({ qc: p.plan.qc, calibration: p.plan.calibration })],
  ['analysis options', (p) => p.analysis],
  ['BlindRate version', (p) => p.blindrateVersion],
];

/** Which parts differ between two protocols (empty when they are the same protocol). */
export function protocolDifferences(before: Protocol, after: Protocol): string[] {
  return PARTS.filter(([, part]) => canonicalJson(part(before)) !== canonicalJson(part(after))).map(([name]) => name);
}

/** What the coordinator did that changed the protocol after its seal. */
export const DEVIATION_KINDS = ['redraw', 'new sample', 're-plan', 'raters added', 'analysis options'] as const;
export type DeviationKind = (typeof DEVIATION_KINDS)[number];

/** The seal as the audit chain records it. */
export interface ProtocolSeal {
  hash: string;
  at: string;
  protocol: Protocol;
}

/** A change after the seal, recorded with the coordinator's reason; `hash` is the protocol's after it. */
export interface ProtocolDeviation {
  at: string;
  kind: DeviationKind;
  reason: string;
  changes: string[];
  hash: string;
  protocol: Protocol;
}

/** The seal and every deviation since, oldest first; the protocol in force is the last one's. */
export interface ProtocolRecord {
  seal: ProtocolSeal;
  deviations: ProtocolDeviation[];
}

export function protocolInForce(record: ProtocolRecord): { hash: string; protocol: Protocol } {
  const last = record.deviations.at(-1) ?? record.seal;
  return { hash: last.hash, protocol: last.protocol };
}

/** A short form of a hash for sentences (the full hash is in the report's table and the audit chain). */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}
