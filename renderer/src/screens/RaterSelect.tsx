import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { userMessage } from '../api/errors';
import { enterSession } from '../stores/navigation';
import { useSession } from '../stores/session';
import { ScreenTitle } from '../components/ScreenTitle';

export function RaterSelectScreen() {
  const { study, createRater, startSession } = useSession();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!study) return null;

  const start = async (raterId: number) => {
    setBusy(true);
    try {
      await enterSession(await startSession(raterId));
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Enter your name.');
      return;
    }
    try {
      const rater = await createRater(trimmed);
      await start(rater.id);
    } catch (e) {
      setError(userMessage(e));
    }
  };

  return (
    <Container size={560} py="xl">
      <Stack>
        <ScreenTitle>
          Who is rating?
        </ScreenTitle>
        <Text>
          {study.name}: choose your rater profile. Your ratings are kept apart from everyone else&apos;s.
        </Text>
        {study.raters.length > 0 && (
          <Paper withBorder p="md" component="section" aria-labelledby="raters-title">
            <Title order={2} size="h4" id="raters-title" mb="sm">
              Existing raters
            </Title>
            <Stack gap="xs">
              {study.raters.map((r, i) => (
                <Button key={r.id} variant="default" justify="space-between" onClick={() => void start(r.id)} disabled={busy} autoFocus={i === 0}>
                  Continue as {r.name}
                  {r.lockedAt ? ' (locked)' : ''}
                </Button>
              ))}
            </Stack>
          </Paper>
        )}
        <Paper withBorder p="md" component="form" onSubmit={(e) => void create(e)} aria-labelledby="new-rater-title" noValidate>
          <Title order={2} size="h4" id="new-rater-title" mb="sm">
            New rater
          </Title>
          <Stack>
            <TextInput
              label="Your name"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoFocus={study.raters.length === 0}
            />
            <Button type="submit" disabled={busy}>
              Create and start
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
