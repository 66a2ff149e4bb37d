import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RaterProgress } from '../../../shared/api';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
import { RaterProgressTable } from '../components/coordinator/RaterProgressTable';
import { ScreenTitle } from '../components/ScreenTitle';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';

/** The coordinator's view of a master: who has been issued a package, what has come back, what is done. */
export function ProgressScreen() {
  const study = useSession((s) => s.study);
  const navigate = useUi((s) => s.navigate);
  const [raters, setRaters] = useState<RaterProgress[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api()
      .listRaterProgress()
      .then(setRaters, (e: unknown) => setError(userMessage(e)));
  }, []);
  if (!study) return null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ScreenTitle>Raters&apos; progress</ScreenTitle>
        <Text>
          {study.name}: the coordinator&apos;s master study. Rating happens in rater packages; answers appear here once
          the returned packages are merged (Returns).
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {raters && raters.length === 0 && (
          <Text>
            No raters yet. The steps on the left set the study up in order: Import the outputs, draw the Sample, assign
            Raters, write their Packages.
          </Text>
        )}
        {raters && raters.length > 0 && (
          <Paper withBorder p="lg">
            <RaterProgressTable raters={raters} />
          </Paper>
        )}
        <Group>
          <Button onClick={() => navigate({ name: 'reports' })} autoFocus>
            Open reports
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
