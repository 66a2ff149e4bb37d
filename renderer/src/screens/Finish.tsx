import { Alert, Button, Container, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { userMessage } from '../api/errors';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { KIND_TITLES } from './kindLabels';
import { LockReceipt } from '../components/LockReceipt';
import { SendBack } from '../components/SendBack';
import { ScreenTitle } from '../components/ScreenTitle';

export function FinishScreen() {
  const { study, rater, overview, lock, refreshOverview } = useSession();
  const navigate = useUi((s) => s.navigate);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    refreshOverview().catch((e: unknown) => setError(userMessage(e)));
  }, [refreshOverview]);
  if (!overview || !rater) return null;
  const remaining = overview.progress.reduce((n, p) => n + p.total - p.done, 0);

  const confirmLock = async () => {
    try {
      await lock();
      setConfirming(false);
    } catch (e) {
      setError(userMessage(e));
    }
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <ScreenTitle>Finish</ScreenTitle>
        <Paper withBorder p="lg">
          <Table captionSide="top">
            <Table.Caption>What you have done</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Task</Table.Th>
                <Table.Th scope="col">Done</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
                <Table.Th scope="col">Flagged</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overview.progress
                .filter((p) => p.total > 0)
                .map((p) => (
                  <Table.Tr key={p.kind}>
                    <Table.Th scope="row">{KIND_TITLES[p.kind]}</Table.Th>
                    <Table.Td>{p.done}</Table.Td>
                    <Table.Td>{p.total}</Table.Td>
                    <Table.Td>{p.flagged}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Paper>
        {rater.lockedAt ? (
          <Paper withBorder p="md" role="status">
            <Text fw={600}>Locked</Text>
            <Text>
              Your ratings were locked on {new Date(rater.lockedAt).toLocaleString()}. They can be read but no longer
              changed.
            </Text>
          </Paper>
        ) : (
          <Text>
            Locking ends your rating for this study: you can still read your answers, but not change them. Then you send
            this file back to your coordinator.
            {remaining > 0 && ` ${remaining} task${remaining === 1 ? ' is' : 's are'} not done yet.`}
          </Text>
        )}
        {rater.lockedAt && study && <SendBack path={study.path} canShowInFolder={study.canShowInFolder} />}
        {rater.lockedAt && rater.lockReceipt && <LockReceipt receipt={rater.lockReceipt} />}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={() => navigate({ name: 'home' })}>
            Back to Home
          </Button>
          {!rater.lockedAt && <Button onClick={() => setConfirming(true)}>Lock my ratings…</Button>}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Lock your ratings?"
        centered
        closeButtonProps={{ 'aria-label': 'Cancel and close' }}
      >
        <Stack>
          <Text>
            After locking, your ratings and choices cannot be changed.
            {remaining > 0 && ` ${remaining} task${remaining === 1 ? ' is' : 's are'} still not done.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button onClick={() => void confirmLock()}>Lock my ratings</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
