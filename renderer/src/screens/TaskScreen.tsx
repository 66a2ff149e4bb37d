import { Alert, Button, Center, Container, Loader, Stack } from '@mantine/core';
import { leaveTaskFor } from '../stores/navigation';
import { useSession } from '../stores/session';
import { useTask } from '../stores/task';
import { PreferenceWorkspace } from './PreferenceWorkspace';
import { RatingWorkspace } from './RatingWorkspace';

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
  return task.kind === 'rating' ? (
    <RatingWorkspace task={task} rubric={rubric} />
  ) : (
    <PreferenceWorkspace task={task} rubric={rubric} />
  );
}
