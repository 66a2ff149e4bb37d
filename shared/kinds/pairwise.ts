import type { PreferenceKey } from '../domain';
import type { Rubric, RubricDimension } from '../rubric';
import { displaySafeName } from '../text/names';
import type { TaskKindSpec } from './task-kind';

/**
 * The tidy rows' dimension of the overall choice: no pairwise aspect may take it as its key, or its rows
 * could not be told from the overall choice's.
 */
export const OVERALL_PAIRWISE_DIMENSION = 'pairwise';

/**
 * Pairwise: two models' answers to one item, shown as A and B in a drawn order; the rater prefers one or
 * calls a tie, and may mark both unacceptable. The reference is not shown, so any item every compared model
 * answered may be drawn. A rubric may also ask one choice per listed dimension (its pairwise aspects).
 */
export const pairwise: TaskKindSpec = {
  showsReference: false,
  sides: ['first', 'second'],
  // A split overall choice is a disagreement, and so is a split aspect (docs/adjudication.md).
  disagreement: { judged: 'choice', dimension: OVERALL_PAIRWISE_DIMENSION },
};

/**
 * The rubric dimensions a pairwise task asks one A, B or tie choice on besides the overall choice (as
 * Med-PaLM 2's pairwise axes), in the rubric's `pairwise.aspects` order; none unless the rubric lists them.
 */
export function pairwiseAspects(rubric: Pick<Rubric, 'dimensions' | 'pairwise'>): RubricDimension[] {
  return (rubric.pairwise?.aspects ?? []).map((key) => rubric.dimensions.find((d) => d.key === key)!);
}

/** What is wrong with a rubric's list of pairwise aspects, one phrase each (the rubric schema adds them). */
export function pairwiseAspectListProblems(
  dimensions: ReadonlyArray<Pick<RubricDimension, 'key' | 'role'>>,
  aspects: readonly string[],
): string[] {
  const problems: string[] = [];
  aspects.forEach((key, index) => {
    const dimension = dimensions.find((d) => d.key === key);
    if (aspects.indexOf(key) !== index) problems.push(`the pairwise aspect "${key}" is listed twice`);
    else if (key === OVERALL_PAIRWISE_DIMENSION)
      problems.push(`"${key}" cannot be a pairwise aspect: the tidy rows of the overall choice carry that name`);
    else if (!dimension) problems.push(`the pairwise aspect "${key}" is not a dimension of the rubric`);
    else if (dimension.role === 'confidence')
      problems.push(`the pairwise aspect "${key}" is the rater's confidence, not a judgement of the answers`);
  });
  return problems;
}

/**
 * A pairwise answer's aspect choices against the rubric: one choice (A, B, or a tie where ties are allowed)
 * on every aspect and on nothing else. All the answer's problems in one phrase, or null.
 */
export function pairwiseAspectChoicesProblem(
  rubric: Pick<Rubric, 'dimensions' | 'pairwise' | 'preference'>,
  choices: Readonly<Record<string, string>>,
): string | null {
  const aspects = pairwiseAspects(rubric);
  const asked = new Set(aspects.map((d) => d.key));
  const problems: string[] = [];
  const unasked = Object.keys(choices).filter((key) => !asked.has(key));
  if (unasked.length > 0)
    problems.push(
      `it holds a choice on ${unasked.map((key) => `"${displaySafeName(key)}"`).join(', ')}, which the rubric does not ask pairwise`,
    );
  const missing = aspects.filter((d) => choices[d.key] === undefined).map((d) => d.label);
  if (missing.length > 0) problems.push(`no choice on ${missing.join(', ')}`);
  for (const dimension of aspects) {
    const choice = choices[dimension.key];
    if (choice === undefined || isAllowedChoice(choice, rubric.preference.allowTie)) continue;
    problems.push(
      choice === 'T'
        ? `${dimension.label}: a tie was chosen but this study does not allow ties`
        : `${dimension.label}: the choice "${displaySafeName(choice)}" is not A, B${rubric.preference.allowTie ? ' or tie' : ''}`,
    );
  }
  return problems.length === 0 ? null : problems.join('; ');
}

function isAllowedChoice(choice: string, allowTie: boolean): choice is PreferenceKey {
  return choice === 'A' || choice === 'B' || (choice === 'T' && allowTie);
}
