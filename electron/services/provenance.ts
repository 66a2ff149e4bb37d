/**
 * The provenance of every compared unit of the master (shared/adjudication/provenance.ts): the merged
 * primary answers judged under the thresholds of the latest adjudication round (each kind's default when
 * there has been none), and the final values merged from adjudication packages.
 */
import { judgeUnits, type DisputeThresholds } from '../../shared/adjudication/disagreement';
import { provenanceKey, unitProvenance, type UnitProvenance } from '../../shared/adjudication/provenance';
import { summariseAdjudication, type ReportAdjudication } from '../../shared/report/adjudication';
import { listAdjudicationRounds, readSettledDisputes } from '../../db/adjudication';
import type { StudyDb } from '../../db/connection';
import { mergedJudgements } from './adjudication';
import { readActiveRubric } from './study';

/** A round stores its resolved thresholds; the kinds compared on any difference are stored as null. */
function latestThresholds(db: StudyDb): DisputeThresholds {
  const latest = listAdjudicationRounds(db).at(-1);
  if (!latest) return {};
  const stored = JSON.parse(latest.thresholdsJson) as Record<string, number | null>;
  return Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== null)) as DisputeThresholds;
}

export function readUnitProvenance(db: StudyDb): Map<string, UnitProvenance> {
  const settled = readSettledDisputes(db).map((s) => ({
    outputId: s.outputId,
    outputBId: s.outputBId,
    dimension: s.dimension,
    value: (s.value ?? s.outcome)!,
  }));
  const units = judgeUnits(readActiveRubric(db).dimensions, mergedJudgements(db), latestThresholds(db));
  return unitProvenance(units, settled);
}

/** The report's adjudication facts: every compared unit's end with the latest round's marks. */
export function readReportAdjudication(db: StudyDb): ReportAdjudication {
  const marks = new Map(readSettledDisputes(db).map((s) => [provenanceKey(s.outputId, s.outputBId, s.dimension), s]));
  const units = [...readUnitProvenance(db)].map(([key, unit]) => {
    const settled = unit.provenance === 'adjudicated' ? marks.get(key) : undefined;
    return {
      dimension: unit.counted,
      provenance: unit.provenance,
      reason: settled?.reason ?? null,
      guidelineGap: settled?.guidelineGap ?? false,
    };
  });
  const order = readActiveRubric(db).dimensions.map((d) => d.key);
  return summariseAdjudication(listAdjudicationRounds(db).length, order, units);
}
