/**
 * The report's "Adjudication": per dimension, how many units (output × dimension) the raters disputed
 * and how they ended (adjudicated / unresolved), the adjudicator's reason tags and guideline gaps. It
 * comes with the study's facts (ReportStudy.adjudication), read from the master: a report without
 * adjudication rounds, or from facts without them, leaves the section out.
 */
import { ADJUDICATION_REASONS, ADJUDICATION_REASON_SLUGS, type AdjudicationReason } from '../adjudication/reasons';
import type { AnalysisResult } from '../analysis/types';
import { note, paragraph, tableBlock, type Labeller, type ReportSection } from './model';
import type { ReportStudy } from './types';

export interface ReportAdjudicationDimension {
  dimension: string;
  /** Units disputed: adjudicated + unresolved. */
  disputed: number;
  adjudicated: number;
  unresolved: number;
  /** Adjudicated units by reason tag; `untagged` when the adjudicator gave none. */
  reasons: Record<AdjudicationReason | 'untagged', number>;
  guidelineGaps: number;
}

export interface ReportAdjudication {
  rounds: number;
  dimensions: ReportAdjudicationDimension[];
}

/** One compared unit's end, as the study's facts list it: its provenance and, when adjudicated, the marks. */
export interface ReportUnitEnd {
  dimension: string;
  provenance: 'unanimous' | 'adjudicated' | 'unresolved';
  reason: AdjudicationReason | null;
  guidelineGap: boolean;
}

/** The section's counts from every compared unit, dimensions in the order given (the rubric's). */
export function summariseAdjudication(
  rounds: number,
  dimensionOrder: readonly string[],
  units: readonly ReportUnitEnd[],
): ReportAdjudication {
  const byDimension = new Map<string, ReportAdjudicationDimension>();
  for (const unit of units) {
    if (unit.provenance === 'unanimous') continue;
    let entry = byDimension.get(unit.dimension);
    if (!entry) {
      const reasons = Object.fromEntries([...ADJUDICATION_REASON_SLUGS, 'untagged'].map((r) => [r, 0]));
      entry = {
        dimension: unit.dimension,
        disputed: 0,
        adjudicated: 0,
        unresolved: 0,
        reasons,
        guidelineGaps: 0,
      } as ReportAdjudicationDimension;
      byDimension.set(unit.dimension, entry);
    }
    entry.disputed += 1;
    if (unit.provenance === 'unresolved') {
      entry.unresolved += 1;
      continue;
    }
    entry.adjudicated += 1;
    entry.reasons[unit.reason ?? 'untagged'] += 1;
    if (unit.guidelineGap) entry.guidelineGaps += 1;
  }
  const rank = (d: string) => (dimensionOrder.includes(d) ? dimensionOrder.indexOf(d) : dimensionOrder.length);
  return { rounds, dimensions: [...byDimension.values()].sort((a, b) => rank(a.dimension) - rank(b.dimension)) };
}

export function adjudicationSection(result: AnalysisResult, study: ReportStudy, label: Labeller): ReportSection | null {
  const facts = study.adjudication;
  if (facts === undefined || facts.rounds === 0) return null;
  const values =
    result.adjudication?.final_values === 'adjudicated'
      ? "The model figures of this report use the adjudicator's final value on each adjudicated unit, the raters' values elsewhere."
      : "The model figures of this report use the raters' own values (an output's value is the raters' mean), not the adjudicated ones.";
  const intro = note(
    `A unit is one output and one dimension. Disputed: the raters' values differ by at least the threshold of the latest round (docs/adjudication.md); adjudicated: a merged adjudication package gave it a final value; unresolved: disputed without one. ${values} Agreement is always computed on the raters' original values.`,
  );
  if (facts.dimensions.length === 0)
    return { id: 'adjudication', title: 'Adjudication', blocks: [intro, paragraph('No unit is disputed.')] };
  const reasonHeads = ADJUDICATION_REASON_SLUGS.map((r) => ADJUDICATION_REASONS[r]);
  return {
    id: 'adjudication',
    title: 'Adjudication',
    blocks: [
      intro,
      tableBlock({
        label: 'Disputes per dimension and how they were resolved',
        head: [
          'Dimension',
          'Disputed',
          'Adjudicated',
          'Unresolved',
          ...reasonHeads,
          'No reason given',
          'Guideline gaps',
        ],
        rows: facts.dimensions.map((d) => [
          label(d.dimension),
          String(d.disputed),
          String(d.adjudicated),
          String(d.unresolved),
          ...ADJUDICATION_REASON_SLUGS.map((r) => String(d.reasons[r])),
          String(d.reasons.untagged),
          String(d.guidelineGaps),
        ]),
        numericFrom: 1,
      }),
    ],
  };
}
