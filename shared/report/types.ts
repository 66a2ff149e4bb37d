import type { ReportAdjudication } from './adjudication';
import type { SampleParameters, TaskKind } from '../domain';
import type { DeviationKind } from '../protocol';
import type { QcRole } from '../qc/roles';
import type { Rubric } from '../rubric';

/** A sample as the report lists it: its stored parameters plus the models it covered. */
export interface ReportSample extends SampleParameters {
  id: number;
  models: string[];
  tasks: number;
  createdAt: string;
}

/** What the report says about the study besides the analysis itself. */
export interface ReportStudy {
  name: string;
  /** ISO time the report was generated (from an injected clock). */
  generatedAt: string;
  rubric: Rubric | null;
  samples: ReportSample[];
  /** Raters in the study and how many have locked their work. */
  raters: { total: number; locked: number };
  /** Every issued rater package: whose, when, and how many answers in the study came from it. */
  packages?: ReportPackage[];
  /** The protocol's seal and its deviations; null when the protocol was never sealed. */
  protocol?: ReportProtocol | null;
  /** Every commented or flagged task (comments.ts, from the study's answers); undefined: the section is left out. */
  comments?: ReadonlyArray<RaterComment>;
  /** The adjudication rounds' outcome per dimension (adjudication.ts); undefined: the section is left out. */
  adjudication?: ReportAdjudication;
}

/** One commented or flagged task: the output it was about, who answered, and what they wrote. */
export interface RaterComment {
  itemId: string;
  model: string;
  rater: string;
  task: TaskKind;
  qc: QcRole | null;
  flagged: boolean;
  /** Trimmed; empty when the task was only flagged. */
  comment: string;
}

/** What the report says of the sealed protocol: the seal and each deviation, without the protocol itself. */
export interface ReportProtocol {
  sealedAt: string;
  hash: string;
  blindrateVersion: string;
  deviations: ReadonlyArray<{ at: string; kind: DeviationKind; reason: string; changes: string[]; hash: string }>;
}

export interface ReportPackage {
  id: string;
  rater: string;
  issuedAt: string;
  returnedAt: string | null;
  answers: number;
}
