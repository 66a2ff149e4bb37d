import { Stack, Table, Text } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatInterval, formatNumber, formatSeconds } from '../../../../shared/report/format';

/** Per rater: n, mean and SD per dimension, agreement with the others' mean (ρ, mean difference), time per task. */
export function RaterDiagnostics({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  if (result.per_rater.length === 0) return <Text c="dimmed">No ratings yet.</Text>;
  return (
    <Stack gap="md">
      <Table striped captionSide="top" fz="sm">
        <Table.Caption>Each rater against the mean of the other raters</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Rater</Table.Th>
            <Table.Th scope="col">Dimension</Table.Th>
            <Table.Th scope="col" ta="right">
              n
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Mean (SD)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              n vs others
            </Table.Th>
            <Table.Th scope="col" ta="right">
              ρ vs others
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Mean difference [95% CI]
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.per_rater.flatMap((rater) =>
            rater.dimensions.map((d) => (
              <Table.Tr key={`${rater.rater}\u0000${d.dimension}`}>
                <Table.Td>{rater.rater}</Table.Td>
                <Table.Td>{label(d.dimension)}</Table.Td>
                <Table.Td ta="right">{d.n}</Table.Td>
                <Table.Td ta="right">
                  {formatNumber(d.mean)} ({formatNumber(d.sd)})
                </Table.Td>
                <Table.Td ta="right">{d.versus_others.n}</Table.Td>
                <Table.Td ta="right">{formatNumber(d.versus_others.spearman)}</Table.Td>
                <Table.Td ta="right">
                  {formatNumber(d.versus_others.mean_difference)}{' '}
                  <Text span c="dimmed" fz="xs">
                    {formatInterval(d.versus_others.mean_difference_ci95)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      <Table striped captionSide="top" fz="sm">
        <Table.Caption>Time per task</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Rater</Table.Th>
            <Table.Th scope="col" ta="right">
              Tasks timed
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Median
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Interquartile range
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.per_rater.map(({ rater, time_per_task_ms: t }) => (
            <Table.Tr key={rater}>
              <Table.Td>{rater}</Table.Td>
              <Table.Td ta="right">{t?.n ?? 0}</Table.Td>
              <Table.Td ta="right">{formatSeconds(t?.median)}</Table.Td>
              <Table.Td ta="right">{t ? `${formatSeconds(t.q1)} – ${formatSeconds(t.q3)}` : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
