/**
 * The `provenance` and `adjudicated_value` cells of a tidy row (a rating's, a preference's or a pairwise
 * row's), read as every kind reads them; what an adjudicated value may be is the row kind's to check.
 */
import { PROVENANCES, type Provenance } from '../adjudication/provenance';

export interface ProvenanceCells {
  provenance: Provenance | undefined;
  /** The cell as written, trimmed; null when empty or not to be read (given without `adjudicated`, or missing with it). */
  adjudicatedValue: string | null;
}

/** The two cells, each problem pushed in words naming the column. */
export function readProvenanceCells(cell: (column: string) => string, problems: string[]): ProvenanceCells {
  const provenance = cell('provenance').trim();
  const known = provenance === '' || PROVENANCES.has(provenance);
  if (!known) problems.push(`"provenance" must be unanimous, adjudicated, unresolved or empty, got "${provenance}"`);
  const adjudicatedValue = cell('adjudicated_value').trim();
  const given = adjudicatedValue !== '';
  if (given !== (provenance === 'adjudicated'))
    problems.push(
      `"adjudicated_value" must be given exactly when "provenance" is adjudicated, got "${adjudicatedValue}"`,
    );
  return {
    provenance: provenance === '' || !known ? undefined : (provenance as Provenance),
    adjudicatedValue: given && provenance === 'adjudicated' ? adjudicatedValue : null,
  };
}
