import { Checkbox, Stack } from '@mantine/core';
import { useMemo } from 'react';
import type { PairwiseTaskPayload } from '../../../shared/api';
import type { PreferenceKey } from '../../../shared/domain';
import { pairwiseAspects } from '../../../shared/kinds/pairwise';
import type { Rubric, RubricDimension } from '../../../shared/rubric';
import type { Shortcut } from '../components/ShortcutLegend';
import { TaskLayout } from '../components/TaskLayout';
import { firstUnchosenPairwiseRow, isComplete, useTask } from '../stores/task';
import { AnswerPair, ChoiceFieldset, choicesOf, preferenceLegend } from './PreferenceWorkspace';

const BOTH_UNACCEPTABLE_KEY: Shortcut = { keys: ['X'], action: 'Both answers unacceptable (on / off)' };

const CHOICE_WORDS: Record<PreferenceKey, string> = { A: 'Answer A better', B: 'Answer B better', T: 'Tie' };

/** With aspects the letters answer the active row and move on; arrows and Tab move between rows. */
function pairwiseLegend(allowTie: boolean, aspects: ReadonlyArray<RubricDimension>): Shortcut[] {
  if (aspects.length === 0) return [...preferenceLegend(allowTie), BOTH_UNACCEPTABLE_KEY];
  const choices = choicesOf(allowTie);
  return [
    {
      keys: choices,
      action: `Active row: ${choices.map((c) => CHOICE_WORDS[c]).join(' / ')}, then the next row`,
    },
    { keys: ['↑', '↓', 'Tab'], action: `Previous / next row (overall, ${aspects.map((d) => d.label).join(', ')})` },
    BOTH_UNACCEPTABLE_KEY,
  ];
}

/** One row of a pairwise task: the overall choice, or one aspect of the rubric. */
interface ChoiceRow {
  /** null: the overall choice. */
  aspect: RubricDimension | null;
  name: string;
  question: string;
}

function rowsOf(aspects: ReadonlyArray<RubricDimension>): ChoiceRow[] {
  return [
    {
      aspect: null,
      name: 'preference',
      question: aspects.length > 0 ? 'Overall: which answer is better?' : 'Which answer is better?',
    },
    ...aspects.map((d) => ({ aspect: d, name: `aspect-${d.key}`, question: `${d.label}: which answer is better?` })),
  ];
}

/**
 * Two models' answers to one question, A and B in the drawn order: the rater picks the better one (or a
 * tie) and may mark both unacceptable, which is saved with the choice. A letter and Enter do a plain pair.
 * When the rubric asks pairwise aspects, each is a row below the overall choice: the letters answer the
 * active row and move to the next, the arrows (or Tab) move between rows, and Enter saves once all are chosen.
 */
export function PairwiseWorkspace({ task, rubric }: { task: PairwiseTaskPayload; rubric: Rubric }) {
  const draft = useTask((s) => s.draft);
  const activeIndex = useTask((s) => s.activeIndex);
  const toggleBothUnacceptable = useTask((s) => s.toggleBothUnacceptable);
  const choices = choicesOf(task.allowTie);
  const aspects = useMemo(() => pairwiseAspects(rubric), [rubric]);
  const rows = useMemo(() => rowsOf(aspects), [aspects]);
  const legend = useMemo(() => pairwiseLegend(task.allowTie, aspects), [task.allowTie, aspects]);
  const active = Math.min(activeIndex, rows.length - 1);

  const chosenOn = (row: ChoiceRow): PreferenceKey | null =>
    row.aspect === null ? draft.choice : (draft.aspects[row.aspect.key] ?? null);
  /** Sets a row's choice, then makes the next row active (the last stays). */
  const choose = (index: number, choice: PreferenceKey) => {
    const { aspect } = rows[index]!;
    const store = useTask.getState();
    if (aspect === null) store.choose(choice);
    else store.chooseAspect(aspect.key, choice);
    store.setActive(Math.min(index + 1, rows.length - 1));
  };
  const missing = rows.filter((row) => chosenOn(row) === null).map((row) => row.aspect?.label ?? 'Overall');

  const shortcuts = {
    ...Object.fromEntries(choices.map((c) => [c.toLowerCase(), () => choose(active, c)])),
    x: toggleBothUnacceptable,
    ...(rows.length > 1 && {
      ArrowUp: () => useTask.getState().setActive(Math.max(0, active - 1)),
      ArrowDown: () => useTask.getState().setActive(Math.min(rows.length - 1, active + 1)),
    }),
  };

  return (
    <TaskLayout
      task={task}
      className="preference pairwise"
      title={`Comparison ${task.position} of ${task.total}`}
      complete={isComplete(task, draft, rubric)}
      incompleteHint={rows.length > 1 ? `Still to choose: ${missing.join(', ')}.` : 'Choose the better answer first.'}
      onIncomplete={() => useTask.getState().setActive(Math.max(0, firstUnchosenPairwiseRow(rubric, draft)))}
      shortcuts={shortcuts}
      legend={legend}
    >
      <AnswerPair answerA={task.answerA} answerB={task.answerB} chosen={draft.choice} />
      <Stack gap="xs" component="section" aria-label={rows.length > 1 ? 'Choices' : undefined}>
        {rows.map((row, index) => (
          <ChoiceFieldset
            key={row.name}
            name={row.name}
            question={row.question}
            description={row.aspect?.description || undefined}
            choices={choices}
            chosen={chosenOn(row)}
            disabled={task.readOnly}
            onChoose={(choice) => choose(index, choice)}
            // A single row needs no marking: it is the only place the letters go.
            active={rows.length > 1 && index === active}
            onActivate={rows.length > 1 ? () => useTask.getState().setActive(index) : undefined}
          />
        ))}
      </Stack>
      <Checkbox
        className="both-unacceptable"
        label="Both answers are unacceptable (X)"
        checked={draft.bothUnacceptable}
        disabled={task.readOnly}
        onChange={toggleBothUnacceptable}
      />
    </TaskLayout>
  );
}
