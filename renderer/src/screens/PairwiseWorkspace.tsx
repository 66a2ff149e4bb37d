import { Checkbox } from '@mantine/core';
import { useMemo } from 'react';
import type { PairwiseTaskPayload } from '../../../shared/api';
import type { Rubric } from '../../../shared/rubric';
import type { Shortcut } from '../components/ShortcutLegend';
import { TaskLayout } from '../components/TaskLayout';
import { isComplete, useTask } from '../stores/task';
import { AnswerPair, ChoiceFieldset, choicesOf, preferenceLegend } from './PreferenceWorkspace';

function pairwiseLegend(allowTie: boolean): Shortcut[] {
  return [...preferenceLegend(allowTie), { keys: ['X'], action: 'Both answers unacceptable (on / off)' }];
}

/**
 * Two models' answers to one question, A and B in the drawn order: the rater picks the better one (or a
 * tie) and may mark both unacceptable, which is saved with the choice. A letter and Enter do a plain pair.
 */
export function PairwiseWorkspace({ task, rubric }: { task: PairwiseTaskPayload; rubric: Rubric }) {
  const draft = useTask((s) => s.draft);
  const choose = useTask((s) => s.choose);
  const toggleBothUnacceptable = useTask((s) => s.toggleBothUnacceptable);
  const choices = choicesOf(task.allowTie);
  const legend = useMemo(() => pairwiseLegend(task.allowTie), [task.allowTie]);
  const shortcuts = {
    ...Object.fromEntries(choices.map((c) => [c.toLowerCase(), () => choose(c)])),
    x: toggleBothUnacceptable,
  };

  return (
    <TaskLayout
      task={task}
      className="preference pairwise"
      title={`Comparison ${task.position} of ${task.total}`}
      complete={isComplete(task, draft, rubric)}
      incompleteHint="Choose the better answer first."
      shortcuts={shortcuts}
      legend={legend}
    >
      <AnswerPair answerA={task.answerA} answerB={task.answerB} chosen={draft.choice} />
      <ChoiceFieldset choices={choices} chosen={draft.choice} disabled={task.readOnly} onChoose={choose} />
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
