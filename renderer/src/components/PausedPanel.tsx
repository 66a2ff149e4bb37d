import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useShortcuts } from '../keyboard/useShortcuts';
import { useTask } from '../stores/task';

/**
 * In place of the task while paused: no question, context or answer on screen, the task clock stopped.
 * P, Enter or the button go on where the rater was.
 */
export function PausedPanel({ reason }: { reason: 'manual' | 'idle' }) {
  const resume = useTask((s) => s.resume);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), []);
  useShortcuts({ p: () => resume() });
  return (
    <Center className="paused-panel" component="section" aria-labelledby="paused-title">
      <Stack align="center" gap="sm" maw="40rem">
        <Title order={2} id="paused-title">
          Paused
        </Title>
        <Text role="status">
          {reason === 'idle'
            ? 'Paused after a few minutes without activity: the texts are hidden and this time does not count as time on the task.'
            : 'The texts are hidden and the time on this task is not counting.'}
        </Text>
        <Button ref={buttonRef} onClick={() => resume()}>
          Go on (P or Enter)
        </Button>
      </Stack>
    </Center>
  );
}
