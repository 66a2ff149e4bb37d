import { Paper, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import type { PreferenceTaskPayload } from '../../../shared/api';
import type { PreferenceKey } from '../../../shared/domain';
import type { Rubric } from '../../../shared/rubric';
import { DisputeDetails } from '../components/DisputeDetails';
import type { Shortcut } from '../components/ShortcutLegend';
import { ADJUDICATION_LEGEND, adjudicationShortcuts } from '../keyboard/adjudicationKeys';
import { TaskLayout } from '../components/TaskLayout';
import { isComplete, useTask } from '../stores/task';

const CHOICE_LABELS: Record<PreferenceKey, string> = {
  A: 'Answer A is better',
  B: 'Answer B is better',
  T: 'Tie: equally good',
};

/** The dimension key of a preference's dispute (shared/api.ts AdjudicationDisputeView). */
const PREFERENCE_DIMENSION = 'preference';

export function choicesOf(allowTie: boolean): PreferenceKey[] {
  return allowTie ? ['A', 'T', 'B'] : ['A', 'B'];
}

export function preferenceLegend(allowTie: boolean): Shortcut[] {
  const choices = choicesOf(allowTie);
  return [{ keys: choices, action: choices.map((c) => CHOICE_LABELS[c]).join(' / ') }];
}

export function PreferenceWorkspace({ task, rubric }: { task: PreferenceTaskPayload; rubric: Rubric }) {
  const draft = useTask((s) => s.draft);
  const choose = useTask((s) => s.choose);
  const choices = choicesOf(task.allowTie);
  // Stable per study setting, so the legend is not drawn again for each task.
  const adjudicating = task.adjudication !== undefined;
  const legend = useMemo(
    () => [...preferenceLegend(task.allowTie), ...(adjudicating ? ADJUDICATION_LEGEND : [])],
    [task.allowTie, adjudicating],
  );
  // Inside an adjudication package the choice is the task's one disputed dimension.
  const dispute = task.adjudication?.find((d) => d.dimension === PREFERENCE_DIMENSION);
  const mark = draft.marks[PREFERENCE_DIMENSION];
  const shortcuts = {
    ...Object.fromEntries(choices.map((c) => [c.toLowerCase(), () => choose(c)])),
    ...(dispute ? adjudicationShortcuts(PREFERENCE_DIMENSION) : {}),
  };

  return (
    <TaskLayout
      task={task}
      className="preference"
      title={`${adjudicating ? 'Adjudication' : 'Preference'} ${task.position} of ${task.total}`}
      complete={isComplete(task, draft, rubric)}
      incompleteHint="Choose the better answer first."
      shortcuts={shortcuts}
      legend={legend}
    >
      <AnswerPair answerA={task.answerA} answerB={task.answerB} chosen={draft.choice} />
      <ChoiceFieldset choices={choices} chosen={draft.choice} disabled={task.readOnly} onChoose={choose} />
      {dispute && mark ? (
        <DisputeDetails
          dispute={dispute}
          label="Preference"
          mark={mark}
          describe={String}
          active
          disabled={task.readOnly}
          onReason={(reason) => useTask.getState().setReason(PREFERENCE_DIMENSION, reason)}
          onToggleGap={() => useTask.getState().toggleGuidelineGap(PREFERENCE_DIMENSION)}
        />
      ) : null}
    </TaskLayout>
  );
}

/** The two answers side by side (stacked at narrow width, by the stylesheet), the chosen one marked. */
export function AnswerPair({
  answerA,
  answerB,
  chosen,
}: {
  answerA: string;
  answerB: string;
  chosen: PreferenceKey | null;
}) {
  return (
    <div className="answers">
      {(['A', 'B'] as const).map((side) => (
        <Paper
          key={side}
          withBorder
          p="md"
          component="section"
          aria-labelledby={`answer-${side}`}
          className="answer"
          data-chosen={chosen === side || undefined}
        >
          <Title order={2} size="h4" id={`answer-${side}`}>
            Answer {side}
            {chosen === side && <span className="chosen-mark"> · chosen</span>}
          </Title>
          <p className="answer-text">{side === 'A' ? answerA : answerB}</p>
        </Paper>
      ))}
    </div>
  );
}

/**
 * "Which answer is better?": one radio per choice, each with its key. A pairwise task with aspects has one
 * per row (`name`, `question`), the active one marked as a rating's active dimension is; focusing it activates it.
 */
export function ChoiceFieldset({
  choices,
  chosen,
  disabled,
  onChoose,
  name = 'preference',
  question = 'Which answer is better?',
  description,
  active,
  onActivate,
}: {
  choices: PreferenceKey[];
  chosen: PreferenceKey | null;
  disabled: boolean;
  onChoose: (choice: PreferenceKey) => void;
  name?: string;
  question?: string;
  description?: string;
  active?: boolean;
  onActivate?: () => void;
}) {
  const descriptionId = useId();
  return (
    <fieldset
      className="dimension choice"
      disabled={disabled}
      data-active={active || undefined}
      aria-current={active ? 'step' : undefined}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={`choice-${name}`}
    >
      <legend className="dimension-label">
        {question}
        {active && <span className="active-hint"> · active</span>}
      </legend>
      {description ? (
        <p id={descriptionId} className="dimension-description">
          {description}
        </p>
      ) : null}
      <div className="scale">
        {choices.map((c) => (
          <label key={c} className="scale-point" data-checked={chosen === c || undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={c}
              checked={chosen === c}
              onChange={() => onChoose(c)}
              onFocus={onActivate}
            />
            <span className="point-head">
              <kbd className="key-cap" aria-hidden>
                {c}
              </kbd>
              <span className="point-label">{CHOICE_LABELS[c]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
