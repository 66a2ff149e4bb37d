import { Checkbox, Stack } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import type { PairwiseTaskPayload } from '../../../shared/api';
import type { PreferenceKey } from '../../../shared/domain';
import { OVERALL_PAIRWISE_DIMENSION } from '../../../shared/kinds/pairwise';
import type { Rubric, RubricDimension } from '../../../shared/rubric';
import { DisputeDetails } from '../components/DisputeDetails';
import type { Shortcut } from '../components/ShortcutLegend';
import { TaskLayout } from '../components/TaskLayout';
import { ADJUDICATION_LEGEND, adjudicationShortcuts } from '../keyboard/adjudicationKeys';
import { firstUnchosenPairwiseRow, isComplete, pairwiseChoiceOn, pairwiseRowKeys, useTask } from '../stores/task';
import { AnswerPair, ChoiceFieldset, choicesOf, preferenceLegend } from './PreferenceWorkspace';

const BOTH_UNACCEPTABLE_KEY: Shortcut = { keys: ['X'], action: 'Both answers unacceptable (on / off)' };

const CHOICE_WORDS: Record<PreferenceKey, string> = { A: 'Answer A better', B: 'Answer B better', T: 'Tie' };

/** One row of a pairwise task: the overall choice, or one aspect of the rubric. */
interface ChoiceRow {
  /** The row's dimension: OVERALL_PAIRWISE_DIMENSION, or the aspect's key. */
  key: string;
  /** null: the overall choice. */
  aspect: RubricDimension | null;
  /** The row's name in lists ("Overall", the aspect's label). */
  label: string;
  /** The radio group's name. */
  name: string;
  question: string;
}

/**
 * With several rows the letters answer the active row and move on, and arrows and Tab move between rows. The
 * X key belongs to a rater's comparison; an adjudication package has the reason and guideline-gap keys instead.
 */
function pairwiseLegend(allowTie: boolean, rows: ReadonlyArray<ChoiceRow>, adjudicating: boolean): Shortcut[] {
  const ownKeys = adjudicating ? ADJUDICATION_LEGEND : [BOTH_UNACCEPTABLE_KEY];
  if (rows.length === 1) return [...preferenceLegend(allowTie), ...ownKeys];
  const choices = choicesOf(allowTie);
  return [
    {
      keys: choices,
      action: `Active row: ${choices.map((c) => CHOICE_WORDS[c]).join(' / ')}, then the next row`,
    },
    {
      keys: ['↑', '↓', 'Tab'],
      action: `Previous / next row (${rows.map((row) => (row.aspect ? row.label : 'overall')).join(', ')})`,
    },
    ...ownKeys,
  ];
}

function rowsOf(rowKeys: readonly string[], rubric: Rubric): ChoiceRow[] {
  return rowKeys.map((key) => {
    if (key === OVERALL_PAIRWISE_DIMENSION)
      return {
        key,
        aspect: null,
        label: 'Overall',
        name: 'preference',
        question: rowKeys.length > 1 ? 'Overall: which answer is better?' : 'Which answer is better?',
      };
    const aspect = rubric.dimensions.find((d) => d.key === key)!;
    return {
      key,
      aspect,
      label: aspect.label,
      name: `aspect-${key}`,
      question: `${aspect.label}: which answer is better?`,
    };
  });
}

/**
 * Two models' answers to one question, A and B in the drawn order: the rater picks the better one (or a
 * tie) and may mark both unacceptable, which is saved with the choice. A letter and Enter do a plain pair.
 * When the rubric asks pairwise aspects, each is a row below the overall choice: the letters answer the
 * active row and move to the next, the arrows (or Tab) move between rows, and Enter saves once all are chosen.
 * Inside an adjudication package the rows are the task's disputed ones alone (the overall choice and/or
 * aspects, as the package lists them), each with the raters' values and the reason and guideline-gap keys
 * of the active row; the both-unacceptable mark is not adjudicated, so it is neither shown nor keyed.
 */
export function PairwiseWorkspace({ task, rubric }: { task: PairwiseTaskPayload; rubric: Rubric }) {
  const draft = useTask((s) => s.draft);
  const activeIndex = useTask((s) => s.activeIndex);
  const toggleBothUnacceptable = useTask((s) => s.toggleBothUnacceptable);
  const choices = choicesOf(task.allowTie);
  const disputes = task.adjudication;
  const adjudicating = disputes !== undefined;
  // A rater's rows are the rubric's, stable across tasks; an adjudication task's are its own disputes.
  const rows = useMemo(() => rowsOf(pairwiseRowKeys(rubric, disputes), rubric), [disputes, rubric]);
  const legend = useMemo(() => pairwiseLegend(task.allowTie, rows, adjudicating), [task.allowTie, rows, adjudicating]);
  const disputeOf = new Map(disputes?.map((d) => [d.dimension, d]));
  const active = Math.min(activeIndex, rows.length - 1);

  /** Sets a row's choice, then makes the next row active (the last stays). */
  const choose = (index: number, choice: PreferenceKey) => {
    const { aspect } = rows[index]!;
    const store = useTask.getState();
    if (aspect === null) store.choose(choice);
    else store.chooseAspect(aspect.key, choice);
    store.setActive(Math.min(index + 1, rows.length - 1));
  };
  const missing = rows.filter((row) => pairwiseChoiceOn(draft, row.key) === null).map((row) => row.label);

  const shortcuts = {
    ...Object.fromEntries(choices.map((c) => [c.toLowerCase(), () => choose(active, c)])),
    ...(adjudicating ? adjudicationShortcuts(rows[active]!.key) : { x: toggleBothUnacceptable }),
    ...(rows.length > 1 && {
      ArrowUp: () => useTask.getState().setActive(Math.max(0, active - 1)),
      ArrowDown: () => useTask.getState().setActive(Math.min(rows.length - 1, active + 1)),
    }),
  };

  return (
    <TaskLayout
      task={task}
      className="preference pairwise"
      title={`${adjudicating ? 'Adjudication' : 'Comparison'} ${task.position} of ${task.total}`}
      complete={isComplete(task, draft, rubric)}
      incompleteHint={rows.length > 1 ? `Still to choose: ${missing.join(', ')}.` : 'Choose the better answer first.'}
      onIncomplete={() => useTask.getState().setActive(Math.max(0, firstUnchosenPairwiseRow(task, rubric, draft)))}
      shortcuts={shortcuts}
      legend={legend}
    >
      <AnswerPair answerA={task.answerA} answerB={task.answerB} chosen={draft.choice} />
      <Stack gap="xs" component="section" aria-label={rows.length > 1 ? 'Choices' : undefined}>
        {rows.map((row, index) => {
          const dispute = disputeOf.get(row.key);
          const mark = draft.marks[row.key];
          return (
            <Fragment key={row.name}>
              <ChoiceFieldset
                name={row.name}
                question={row.question}
                description={row.aspect?.description || undefined}
                choices={choices}
                chosen={pairwiseChoiceOn(draft, row.key)}
                disabled={task.readOnly}
                onChoose={(choice) => choose(index, choice)}
                // A single row needs no marking: it is the only place the letters go.
                active={rows.length > 1 && index === active}
                onActivate={rows.length > 1 ? () => useTask.getState().setActive(index) : undefined}
              />
              {dispute && mark ? (
                <DisputeDetails
                  dispute={dispute}
                  label={row.label}
                  mark={mark}
                  describe={String}
                  active={index === active}
                  disabled={task.readOnly}
                  onReason={(reason) => useTask.getState().setReason(row.key, reason)}
                  onToggleGap={() => useTask.getState().toggleGuidelineGap(row.key)}
                />
              ) : null}
            </Fragment>
          );
        })}
      </Stack>
      {adjudicating ? null : (
        <Checkbox
          className="both-unacceptable"
          label="Both answers are unacceptable (X)"
          checked={draft.bothUnacceptable}
          disabled={task.readOnly}
          onChange={toggleBothUnacceptable}
        />
      )}
    </TaskLayout>
  );
}
