import { Button, Code, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';

/**
 * The lock receipt (shared/lock-receipt.ts), shown once the rater has locked: they read it to the
 * coordinator by phone or message, apart from the file, so the coordinator's merge can tell whether
 * the file still holds what was locked. Copy writes it to the clipboard; where the clipboard is not
 * available, the code stays selectable and the rater is told to copy it by hand.
 */
export function LockReceipt({ receipt }: { receipt: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyReceipt = async () => {
    try {
      await navigator.clipboard.writeText(receipt);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="lock-receipt-title">
      <Title order={2} size="h4" id="lock-receipt-title">
        Lock receipt
      </Title>
      <Text mb="xs">
        Tell this code to your study coordinator by phone or message, not with the file: it lets them check that the
        file they receive is the one you locked.
      </Text>
      <Group gap="sm">
        <Code fz="xl" style={{ userSelect: 'all', letterSpacing: '0.08em' }} data-testid="lock-receipt">
          {receipt}
        </Code>
        <Button variant="default" onClick={() => void copyReceipt()}>
          Copy receipt
        </Button>
      </Group>
      <Text size="sm" mt="xs" role="status" aria-live="polite">
        {copy === 'copied' && 'Copied to the clipboard.'}
        {copy === 'failed' && 'Could not copy: select the code and copy it with Ctrl+C (⌘C on a Mac).'}
      </Text>
    </Paper>
  );
}
