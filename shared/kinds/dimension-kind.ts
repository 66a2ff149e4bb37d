import type { ValueComparison } from './disagreement-rule';

/**
 * What a rubric dimension kind declares about itself. One module per kind (shared/kinds/likert.ts,
 * binary.ts, ordinal.ts, nominal.ts) exports one of these; shared/kinds/dimension-kinds.ts lists them, and
 * that list is the DimensionKind union (the rubric schema, the tidy file's `dimension_kind`, analysis and report).
 */
export interface DimensionKindSpec {
  /** The kind's name as the coordinator reads it ("Ordinal threshold"). */
  name: string;
  /** Krippendorff's alpha metric; ordinal kinds also get Gwet's AC2, weighted kappa and ICCs. */
  agreementLevel: 'ordinal' | 'nominal';
  /**
   * How its values summarise per model and bin: a mean on the scale itself, a mean read as the share of 1
   * (0 to 1), or no mean at all but how many ratings fell in each category (unordered categories).
   */
  meanReadsAs: 'scale' | 'share of 1' | 'distribution';
  /**
   * Which keys a rubric may give its points (checked by the rubric schema): digits pick a point of the
   * active dimension only, letters work on any dimension.
   */
  shortcutKeys: 'digits' | 'letters' | 'digits or letters';
  /** The fewest points its scale may have. */
  minimumPoints: number;
  /**
   * How two values of a dimension of this kind compare: by their distance in scale steps, or only as the
   * same category or not. Adjudication disputes by it; quality control weighs a repeat against its first
   * showing and a calibration rating against the expected one by it.
   */
  comparison: ValueComparison;
}
