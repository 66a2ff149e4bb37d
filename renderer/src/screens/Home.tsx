import { Button, Container, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AssignmentSummary, TaskProgress } from '../../../shared/api';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
import { openTask } from '../stores/navigation';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { KIND_NOUNS, KIND_TITLES } from './kindLabels';
import { ScreenTitle } from '../components/ScreenTitle';

function ProgressCard({ progress, resumeId }: { progress: TaskProgress; resumeId: string | undefined }) {
  const percent = progress.total ? Math.round((100 * progress.done) / progress.total) : 0;
  const titleId = `progress-${progress.kind}`;
  const startFromTop = async () => {
    const [first] = await api().listAssignments(progress.kind);
    if (first) await openTask(progress.kind, first.assignmentId);
  };
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {KIND_TITLES[progress.kind]}
        </Title>
        <Text>
          {progress.done} of {progress.total} done{progress.flagged ? ` · ${progress.flagged} flagged` : ''}
        </Text>
        <Progress value={percent} size="lg" aria-label={`${KIND_TITLES[progress.kind]}: ${percent}% done`} />
        {resumeId ? (
          <Button onClick={() => void openTask(progress.kind, resumeId)} aria-describedby={titleId}>
            {progress.done ? 'Resume' : 'Start'} {KIND_NOUNS[progress.kind].toLowerCase()}
          </Button>
        ) : (
          <Button variant="default" onClick={() => void startFromTop()} aria-describedby={titleId}>
            All done · review from the first
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function HomeScreen() {
  const { overview, refreshOverview } = useSession();
  const navigate = useUi((s) => s.navigate);
  const setHelpOpen = useUi((s) => s.setHelpOpen);
  const hasInstructions = useSession((s) => Boolean(s.study?.rubric.instructions.trim()));
  const [flagged, setFlagged] = useState<AssignmentSummary[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const load = async () => {
      const fresh = await refreshOverview();
      const kinds = fresh.progress.filter((p) => p.flagged > 0).map((p) => p.kind);
      const lists = await Promise.all(kinds.map((k) => api().listAssignments(k)));
      setFlagged(lists.flat().filter((a) => a.flagged));
    };
    load().catch((e: unknown) => setError(userMessage(e)));
  }, [refreshOverview]);

  if (!overview) return null;
  const progress = overview.progress.filter((p) => p.total > 0);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ScreenTitle>Welcome, {overview.rater.name}</ScreenTitle>
        {error && <Text c="red.8">{error}</Text>}
        {progress.length === 0 && <Text>No tasks are assigned yet. Ask the study coordinator to draw a sample.</Text>}
        <Group gap="sm">
          <Button variant={hasInstructions ? 'light' : 'default'} onClick={() => setHelpOpen(true)}>
            {hasInstructions ? 'Read the study instructions' : 'Keyboard shortcuts'} (H)
          </Button>
          <Text size="sm" c="dimmed">
            H or ? shows them at any time, also while rating.
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {/* A kind the rater has no task of (a study without comparisons, say) gets no card. */}
          {progress
            .filter((p) => p.total > 0)
            .map((p) => (
              <ProgressCard key={p.kind} progress={p} resumeId={overview.resume[p.kind]} />
            ))}
        </SimpleGrid>
        <Paper withBorder p="lg" component="section" aria-labelledby="flagged-title">
          <Title order={2} size="h4" id="flagged-title" mb="sm">
            Flagged for later
          </Title>
          {flagged.length === 0 ? (
            <Text c="dimmed">Nothing flagged. Press F in a task to flag it.</Text>
          ) : (
            <Stack gap="xs" component="ul" className="plain-list">
              {flagged.map((a) => (
                <li key={a.assignmentId}>
                  <Button variant="default" onClick={() => void openTask(a.kind, a.assignmentId)}>
                    {KIND_NOUNS[a.kind]} {a.position} {a.done ? '(done)' : '(not done)'}
                  </Button>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
        <Group>
          <Button variant="default" onClick={() => navigate({ name: 'finish' })}>
            Finish and lock…
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
