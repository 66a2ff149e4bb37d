import type { RougeScoringSummary } from '../services/scoring';

/** The one line `score --rouge` and `import --rouge` print after scoring. */
export function describeRougeScoring(summary: RougeScoringSummary, stem: boolean): string {
  const skipped =
    summary.withoutReference > 0 ? `; ${summary.withoutReference} outputs have no reference and stay unscored` : '';
  return `Computed ROUGE${stem ? ' (stemmed)' : ''} for ${summary.outputsScored} outputs (${summary.valuesWritten} values)${skipped}.\n`;
}
