/**
 * Rubrics are data: a study stores its rubric, the rating screen renders it, analysis reads its
 * dimension kinds. The presets are in shared/presets/ (their sources in docs/rubrics.md).
 */
import { z } from 'zod';
import { DIMENSION_KIND_SPECS, DIMENSION_KINDS } from './kinds/dimension-kinds';
import type { DimensionKindSpec } from './kinds/dimension-kind';
import { assertNever } from './kinds/assert-never';
import { pairwiseAspectListProblems } from './kinds/pairwise';
import { DEFAULT_IDLE } from './rubric-idle';
import { isDigitKey } from './rubric-keys';

export { DEFAULT_IDLE };
export { RUBRIC_PRESETS, MEDISUMQA_RUBRIC, CHQ_SUMM_RUBRIC } from './presets/index';

const scalePointSchema = z.object({
  value: z.number().int(),
  label: z.string().min(1),
  /** What a rater should see to calibrate this point ("all statements are correct"). */
  anchor: z.string().default(''),
  /** Keyboard key that picks this point; which keys a kind allows is its `shortcutKeys` (shared/kinds). */
  key: z.string().length(1),
});

/** Keys the rating screen keeps for itself (flag, comment, find, previous, next, pause, help; renderer/src/components/TaskLayout.tsx). */
export const WORKSPACE_KEYS: readonly string[] = ['f', 'c', '/', '[', ']', 'p', 'h', '?'];

const dimensionKeySchema = z.string().regex(/^[a-z][a-z0-9_]*$/, 'dimension keys are lower-case identifiers');

const dimensionSchema = z.object({
  key: dimensionKeySchema,
  label: z.string().min(1),
  description: z.string().default(''),
  /** One of the dimension kinds (shared/kinds/dimension-kinds.ts): likert, binary, ordinal, nominal. */
  kind: z.enum(DIMENSION_KINDS),
  /**
   * `rated`: a judgement of the answer. `confidence`: how sure the rater is of their own ratings of the
   * task; kept out of every model result and reported per rater instead. Absent: rated.
   */
  role: z.enum(['rated', 'confidence']).optional(),
  scale: z.array(scalePointSchema).min(2),
});

const idleSchema = z
  .object({
    /** Minutes without a key, click or scroll after which the task clock stops and the texts hide. */
    pauseAfterMinutes: z.number().int().min(1).max(120).default(DEFAULT_IDLE.pauseAfterMinutes),
    /** Minutes without activity after which the study closes and needs its passphrase again. */
    lockAfterMinutes: z.number().int().min(2).max(480).default(DEFAULT_IDLE.lockAfterMinutes),
  })
  .refine((idle) => idle.lockAfterMinutes > idle.pauseAfterMinutes, {
    message: 'lockAfterMinutes must be longer than pauseAfterMinutes',
  });

/**
 * A condition: when `when.dimension` is given one of `when.values`, the rater must also write a comment,
 * or rate `require.dimension`. A dimension some condition requires is shown (and rated) only while one of
 * its conditions holds, and must be left unrated otherwise.
 */
const conditionSchema = z.object({
  when: z.object({ dimension: dimensionKeySchema, values: z.array(z.number().int()).min(1) }),
  require: z.discriminatedUnion('what', [
    z.object({ what: z.literal('comment') }),
    z.object({ what: z.literal('dimension'), dimension: dimensionKeySchema }),
  ]),
});

export const rubricSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    name: z.string().min(1),
    source: z.string().default(''),
    /** The protocol's guidance for raters, in Markdown (shown as text: no HTML, links or images). */
    instructions: z.string().max(20_000).default(''),
    idle: idleSchema.default(DEFAULT_IDLE),
    dimensions: z.array(dimensionSchema).min(1),
    /** Absent: none. */
    conditions: z.array(conditionSchema).optional(),
    preference: z.object({ allowTie: z.boolean() }).default({ allowTie: true }),
    /**
     * Pairwise tasks: the dimensions (by key, in the order asked) on which the rater also chooses A, B or a
     * tie, after and besides the overall choice (shared/kinds/pairwise.ts). Absent: the overall choice alone.
     */
    pairwise: z.object({ aspects: z.array(dimensionKeySchema).min(1) }).optional(),
  })
  .superRefine((rubric, ctx) => {
    const keys = rubric.dimensions.map((d) => d.key);
    const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
    if (duplicate) ctx.addIssue({ code: 'custom', message: `dimension "${duplicate}" appears twice` });
    const letterKeyOwner = new Map<string, string>();
    for (const dim of rubric.dimensions) {
      const spec = DIMENSION_KIND_SPECS[dim.kind];
      if (dim.scale.length < spec.minimumPoints) {
        ctx.addIssue({
          code: 'custom',
          message: `dimension "${dim.key}" is ${dim.kind} and needs at least ${spec.minimumPoints} points`,
        });
      }
      const values = dim.scale.map((p) => p.value);
      if (new Set(values).size !== values.length) {
        ctx.addIssue({ code: 'custom', message: `dimension "${dim.key}" uses a value twice` });
      }
      const shortcutKeys = dim.scale.map((p) => p.key.toLowerCase());
      if (new Set(shortcutKeys).size !== shortcutKeys.length) {
        ctx.addIssue({ code: 'custom', message: `dimension "${dim.key}" uses a key twice` });
      }
      const wrongKey = shortcutKeys.find((k) => !keyAllowed(k, spec.shortcutKeys));
      if (wrongKey !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `dimension "${dim.key}" is ${dim.kind}, whose points take ${spec.shortcutKeys} as keys, not "${wrongKey}"`,
        });
      }
      // Non-digit keys work whichever dimension is active, so one may not shadow a workspace key or another dimension's.
      for (const key of shortcutKeys.filter((k) => !isDigitKey(k))) {
        if (WORKSPACE_KEYS.includes(key)) {
          ctx.addIssue({
            code: 'custom',
            message: `dimension "${dim.key}" uses the key "${key}", which the rating screen needs (${WORKSPACE_KEYS.join(' ')})`,
          });
        } else if (letterKeyOwner.has(key)) {
          ctx.addIssue({
            code: 'custom',
            message: `dimensions "${letterKeyOwner.get(key)}" and "${dim.key}" both use the key "${key}"`,
          });
        }
        letterKeyOwner.set(key, dim.key);
      }
    }
    for (const message of pairwiseAspectListProblems(rubric.dimensions, rubric.pairwise?.aspects ?? [])) {
      ctx.addIssue({ code: 'custom', path: ['pairwise', 'aspects'], message });
    }
    (rubric.conditions ?? []).forEach((condition, index) => {
      for (const message of conditionProblems(rubric.dimensions, condition)) {
        ctx.addIssue({ code: 'custom', path: ['conditions', index], message });
      }
    });
  });

function keyAllowed(key: string, allowed: DimensionKindSpec['shortcutKeys']): boolean {
  switch (allowed) {
    case 'digits':
      return isDigitKey(key);
    case 'letters':
      return !isDigitKey(key);
    case 'digits or letters':
      return true;
    default:
      return assertNever(allowed, 'shortcut keys');
  }
}

/** A condition names dimensions of the rubric and values on the scale; a required dimension comes after the one it depends on. */
function conditionProblems(
  dimensions: ReadonlyArray<z.infer<typeof dimensionSchema>>,
  condition: z.infer<typeof conditionSchema>,
): string[] {
  const position = (key: string) => dimensions.findIndex((d) => d.key === key);
  const when = dimensions[position(condition.when.dimension)];
  if (!when) return [`the condition names the dimension "${condition.when.dimension}", which the rubric does not have`];
  const problems: string[] = [];
  const scale = when.scale.map((p) => p.value);
  const offScale = condition.when.values.filter((v) => !scale.includes(v));
  if (offScale.length > 0) {
    problems.push(
      `the condition on "${when.key}" names ${offScale.join(', ')}, not on its scale (${scale.join(', ')})`,
    );
  }
  if (condition.require.what === 'dimension') {
    const required = condition.require.dimension;
    if (position(required) === -1) {
      problems.push(`the condition requires the dimension "${required}", which the rubric does not have`);
    } else if (position(required) <= position(when.key)) {
      problems.push(
        `the dimension "${required}" a condition requires must come after "${when.key}", which it depends on`,
      );
    }
  }
  return problems;
}

export type Rubric = z.infer<typeof rubricSchema>;
export type RubricDimension = Rubric['dimensions'][number];
export type ScalePoint = RubricDimension['scale'][number];
export type RubricCondition = NonNullable<Rubric['conditions']>[number];

/** Parses a rubric JSON document; the error names the first offending field. */
export function parseRubric(json: unknown): Rubric {
  const result = rubricSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? `at ${issue.path.join('.')}` : 'at top level';
  throw new Error(`Invalid rubric ${where}: ${issue.message}`);
}
