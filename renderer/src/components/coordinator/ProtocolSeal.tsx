/**
 * The protocol's seal on the Packages screen, offered once packages are written: before anyone rates,
 * the coordinator seals the protocol (pre-registration), and the screen shows its SHA-256 after.
 */
import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { ProtocolSealInfo } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';

export function ProtocolSeal({ onError }: { onError(error: unknown): void }) {
  const [seal, setSeal] = useState<ProtocolSealInfo | null | undefined>(undefined);
  const [sealing, setSealing] = useState(false);
  const load = useCallback(() => api().getProtocolSeal().then(setSeal, onError), [onError]);
  useEffect(() => {
    void load();
  }, [load]);

  const sealNow = async () => {
    setSealing(true);
    try {
      setSeal(await api().sealProtocol());
    } catch (e) {
      onError(e);
    } finally {
      setSealing(false);
    }
  };

  if (seal === undefined) return null;
  return (
    <Paper withBorder p="lg" component="section" aria-label="Protocol seal">
      {seal === null ? (
        <Stack>
          <Text>
            Seal the protocol before the raters start: the rubric, the samples, who rates what and the planned analysis
            are hashed into the audit chain, and the report says so. Changes after the seal are refused, or recorded as
            deviations with their reason.
          </Text>
          <Group>
            <Button onClick={() => void sealNow()} loading={sealing}>
              Seal the protocol
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text role="status" fw={500}>
            Protocol sealed {new Date(seal.sealedAt).toLocaleString()}
            {seal.deviations === 0
              ? ', no deviation since.'
              : `, ${seal.deviations} deviation${seal.deviations === 1 ? '' : 's'} recorded since.`}
          </Text>
          <Text size="sm">
            SHA-256 <Code>{seal.hash}</Code>
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
