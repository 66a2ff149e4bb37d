import { Alert, Button, Container, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RaterProgress } from '../../../shared/api';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
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

  const done = (r: RaterProgress, kind: 'rating' | 'preference') => {
    const p = r.progress.find((x) => x.kind === kind);
    return p && p.total > 0 ? `${p.done}/${p.total}` : '–';
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ScreenTitle>Raters&apos; progress</ScreenTitle>
        <Text>
          {study.name}: the coordinator&apos;s master study. Rating happens in rater packages; answers appear here once
          a returned package is merged (blindrate merge).
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {raters && raters.length === 0 && (
          <Text>No raters yet: assign raters and pack their packages (blindrate assign, blindrate pack).</Text>
        )}
        {raters && raters.length > 0 && (
          <Paper withBorder p="lg">
            <Table captionSide="top">
              <Table.Caption>Answers merged into this study</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Rater</Table.Th>
                  <Table.Th scope="col">Packages issued</Table.Th>
                  <Table.Th scope="col">Last returned</Table.Th>
                  <Table.Th scope="col">Locked</Table.Th>
                  <Table.Th scope="col">Ratings</Table.Th>
                  <Table.Th scope="col">Preferences</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {raters.map((r) => (
                  <Table.Tr key={r.rater.id}>
                    <Table.Th scope="row">{r.rater.name}</Table.Th>
                    <Table.Td>{r.packagesIssued}</Table.Td>
                    <Table.Td>{r.lastReturnedAt ? new Date(r.lastReturnedAt).toLocaleString() : 'not yet'}</Table.Td>
                    <Table.Td>{r.rater.lockedAt ? 'yes' : 'no'}</Table.Td>
                    <Table.Td>{done(r, 'rating')}</Table.Td>
                    <Table.Td>{done(r, 'preference')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
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
