/**
 * What a rubric dimension kind declares about itself. One module per kind (shared/kinds/likert.ts,
 * binary.ts) exports one of these; shared/kinds/dimension-kinds.ts lists them, and that list is the
 * DimensionKind union (the rubric schema, the tidy file's `dimension_kind`, analysis and report).
 */
export interface DimensionKindSpec {
  /** Krippendorff's alpha metric; ordinal kinds also get Gwet's AC2, weighted kappa and ICCs. */
  agreementLevel: 'ordinal' | 'nominal';
  /** How a mean of its values reads in charts: on the scale itself, or as the share of 1 (0 to 1). */
  meanReadsAs: 'scale' | 'share of 1';
  /** Its scale points' keyboard keys: digits work only on the active dimension, letters on any. */
  shortcutKeys: 'digits' | 'letters';
}
