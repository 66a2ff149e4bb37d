import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { JobStatus } from '../../../../shared/coordinator-api';
import { formatBytes } from './FileChooser';

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** What a running job is doing: its step, records (and bytes) so far, the rate, the time left, and Cancel. */
export function JobProgressView({
  status,
  unit,
  onCancel,
}: {
  status: JobStatus;
  /** What `done` counts, e.g. "records". */
  unit: string;
  onCancel?: () => void;
}) {
  const { progress } = status;
  const fraction =
    progress.totalBytes && progress.totalBytes > 0
      ? progress.bytesRead / progress.totalBytes
      : progress.total
        ? progress.done / progress.total
        : null;
  const facts = [
    `${progress.done.toLocaleString()}${progress.total !== null ? ` of ${progress.total.toLocaleString()}` : ''} ${unit}`,
    progress.totalBytes ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)}` : null,
    progress.rate > 0 ? `${Math.round(progress.rate).toLocaleString()} ${unit}/s` : null,
    progress.secondsLeft !== null && status.state === 'running' ? `${formatSeconds(progress.secondsLeft)} left` : null,
    // Moves also while the step itself cannot tell how far it is (opening the study, saving).
    progress.elapsedSeconds >= 1 ? `${formatSeconds(progress.elapsedSeconds)} so far` : null,
  ].filter(Boolean);
  return (
    <Stack gap="xs" role="status" aria-live="polite" aria-label="Progress">
      <Text size="sm" fw={500}>
        {status.state === 'cancelled' ? 'Cancelled: nothing was changed.' : progress.step}
      </Text>
      {fraction !== null && (
        <Progress value={Math.min(100, fraction * 100)} aria-label={`${Math.round(fraction * 100)}% done`} />
      )}
      <Group justify="space-between">
        <Text size="sm">{facts.join(' · ')}</Text>
        {onCancel && status.state === 'running' && (
          <Button variant="default" color="red" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </Stack>
  );
}
