import { Alert, Button, Center, Container, Loader, Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import type { TaskPayload, TaskPayloadByKind } from '../../../shared/api';
import type { TaskKind } from '../../../shared/domain';
import type { Rubric } from '../../../shared/rubric';
import { leaveTaskFor } from '../stores/navigation';
import { useSession } from '../stores/session';
import { rubricOf, useTask } from '../stores/task';
import { PairwiseWorkspace } from './PairwiseWorkspace';
import { PreferenceWorkspace } from './PreferenceWorkspace';
import { RatingWorkspace } from './RatingWorkspace';

/** Each task kind's screen; a kind without one does not compile. */
const TASK_SCREENS: { [K in TaskKind]: ComponentType<{ task: TaskPayloadByKind[K]; rubric: Rubric }> } = {
  rating: RatingWorkspace,
  preference: PreferenceWorkspace,
  pairwise: PairwiseWorkspace,
};

/** TASK_SCREENS pairs each kind with the screen of that kind's payload, so `task` fits the screen of `task.kind`. */
function KindScreen({ task, rubric }: { task: TaskPayload; rubric: Rubric }) {
  const Screen = TASK_SCREENS[task.kind] as ComponentType<{ task: TaskPayload; rubric: Rubric }>;
  return <Screen task={task} rubric={rubric} />;
}

export function TaskScreen() {
  const rubric = useSession((s) => s.study?.rubric);
  const task = useTask((s) => s.task);
  const failed = useTask((s) => s.status === 'error');
  const error = useTask((s) => s.error);
  if (!rubric) return null;
  if (!task) {
    return failed ? (
      <Container py="xl">
        <Stack>
          <Alert color="red" role="alert" title="This task could not be opened">
            {error}
          </Alert>
          <Button variant="default" onClick={() => void leaveTaskFor('home')}>
            Back to Home
          </Button>
        </Stack>
      </Container>
    ) : (
      <Center py="xl">
        <Loader aria-label="Loading task" />
      </Center>
    );
  }
  // An adjudication task asks only its disputed dimensions.
  return <KindScreen task={task} rubric={rubricOf(task, rubric)} />;
}
