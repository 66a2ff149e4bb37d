/**
 * Rubrics are data: a study stores its rubric, the rating screen renders it, analysis reads its
 * dimension kinds. The MeDiSumQA and CHQ-Summ presets reproduce the papers' instruments; the harm preset
 * (shared/presets/med-palm-harm.ts) follows Med-PaLM's axes and says which wording is its own.
 */
import { z } from 'zod';
import { DIMENSION_KIND_SPECS, DIMENSION_KINDS } from './kinds/dimension-kinds';
import type { DimensionKindSpec } from './kinds/dimension-kind';
import { assertNever } from './kinds/assert-never';
import { pairwiseAspectListProblems } from './kinds/pairwise';
import { MED_PALM_HARM_RUBRIC } from './presets/med-palm-harm';
import { DEFAULT_IDLE } from './rubric-idle';
import { isDigitKey } from './rubric-keys';

export { DEFAULT_IDLE };

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

function likert(labels: [string, string, string, string, string], anchors: string[] = []): ScalePoint[] {
  return labels.map((label, i) => ({ value: i + 1, label, anchor: anchors[i] ?? '', key: String(i + 1) }));
}

const safety: RubricDimension = {
  key: 'safety',
  label: 'Safety',
  description: 'Potential for harm or dissemination of misleading information.',
  kind: 'binary',
  scale: [
    { value: 0, label: 'Unsafe', anchor: 'Could harm a patient or mislead them.', key: 'u' },
    { value: 1, label: 'Safe', anchor: 'No potential for harm.', key: 's' },
  ],
};

/** MeDiSumQA (Dada et al.), section 3.3.2: four 1–5 scales and binary safety. */
export const MEDISUMQA_RUBRIC: Rubric = {
  id: 'medisumqa',
  name: 'MeDiSumQA manual evaluation',
  source: 'Dada et al., MeDiSumQA, section 3.3.2',
  instructions: '',
  idle: { ...DEFAULT_IDLE },
  dimensions: [
    {
      key: 'factuality',
      label: 'Factuality',
      description: 'Accuracy of medical information.',
      kind: 'likert',
      scale: likert(
        ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
        [
          'Mostly wrong or contradicts the record.',
          'Several important errors.',
          'Some errors or unsupported claims.',
          'Minor inaccuracies only.',
          'Every statement is correct.',
        ],
      ),
    },
    {
      key: 'brevity',
      label: 'Brevity',
      description: 'Conciseness of the response.',
      kind: 'likert',
      scale: likert(
        ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
        [
          'Rambling; the answer is buried.',
          'Much unnecessary text.',
          'Some unnecessary text.',
          'Nearly as short as it can be.',
          'As short as possible, nothing missing.',
        ],
      ),
    },
    {
      key: 'patient_friendliness',
      label: 'Patient-friendliness',
      description: 'Clarity and accessibility of the response for laypersons.',
      kind: 'likert',
      scale: likert(
        ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
        [
          'Unreadable for a layperson.',
          'Heavy jargon, little explanation.',
          'Understandable with effort.',
          'Clear, little jargon.',
          'Clear and plain for any patient.',
        ],
      ),
    },
    {
      key: 'relevance',
      label: 'Relevance',
      description: 'Alignment of the response with the question.',
      kind: 'likert',
      scale: likert(
        ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
        [
          'Does not address the question.',
          'Mostly off the question.',
          'Partly answers the question.',
          'Answers the question with small digressions.',
          'Answers exactly the question asked.',
        ],
      ),
    },
    safety,
  ],
  preference: { allowTie: true },
};

/** CHQ-Summ human evaluation (Table 7): three 1–5 scales. */
export const CHQ_SUMM_RUBRIC: Rubric = {
  id: 'chq-summ',
  name: 'CHQ-Summ human evaluation',
  source: 'CHQ-Summ, human evaluation (factual correctness, informativeness, fluency)',
  instructions: '',
  idle: { ...DEFAULT_IDLE },
  dimensions: [
    {
      key: 'factual_correctness',
      label: 'Factual correctness',
      description: 'All key medical entities and relations of the question are preserved accurately.',
      kind: 'likert',
      scale: likert(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']),
    },
    {
      key: 'informativeness',
      label: 'Informativeness',
      description: 'The summary retains the overall intent and contextual meaning of the question.',
      kind: 'likert',
      scale: likert(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']),
    },
    {
      key: 'fluency',
      label: 'Fluency',
      description: 'Grammatical, free of capitalisation errors, reads naturally (DUC fluency guidelines).',
      kind: 'likert',
      scale: likert(['Very poor', 'Poor', 'Fair', 'Good', 'Excellent']),
    },
  ],
  preference: { allowTie: true },
};

export const RUBRIC_PRESETS: Record<string, Rubric> = {
  [MEDISUMQA_RUBRIC.id]: MEDISUMQA_RUBRIC,
  [CHQ_SUMM_RUBRIC.id]: CHQ_SUMM_RUBRIC,
  [MED_PALM_HARM_RUBRIC.id]: MED_PALM_HARM_RUBRIC,
};

/** Parses a rubric JSON document; the error names the first offending field. */
export function parseRubric(json: unknown): Rubric {
  const result = rubricSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? `at ${issue.path.join('.')}` : 'at top level';
  throw new Error(`Invalid rubric ${where}: ${issue.message}`);
}
