/**
 * The registry of rubric dimension kinds: adding a kind is a module beside likert.ts plus its line here;
 * the compiler then names every Record<DimensionKind, …> and every switch (assertNever) that must handle it.
 * The master's `rubric_dimensions.kind` column has a CHECK listing these kinds (db/migrations/0001_initial.ts,
 * widened by 0008_rubric_kinds.ts): a new kind also needs a migration that widens it.
 */
import { binary } from './binary';
import type { DimensionKindSpec } from './dimension-kind';
import { likert } from './likert';
import { nominal } from './nominal';
import { ordinal } from './ordinal';

export const DIMENSION_KIND_SPECS = { likert, binary, ordinal, nominal } satisfies Record<string, DimensionKindSpec>;

export type DimensionKind = keyof typeof DIMENSION_KIND_SPECS;
export const DIMENSION_KINDS = Object.keys(DIMENSION_KIND_SPECS) as [DimensionKind, ...DimensionKind[]];
