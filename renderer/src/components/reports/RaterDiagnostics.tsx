import { Stack, Table, Text } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatInterval, formatNumber, formatSeconds } from '../../../../shared/report/format';
import { EstimateCell, ReportTable } from './ReportTable';

/** Per rater: n, mean and SD per dimension, agreement with the others' mean (ρ, mean difference), time per task. */
export function RaterDiagnostics({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  if (result.per_rater.length === 0) return <Text c="dimmed">No ratings yet.</Text>;
  return (
    <Stack gap="md">
      <ReportTable
        caption="Each rater against the mean of the other raters"
        head={['Rater', 'Dimension', 'n', 'Mean (SD)', 'n vs others', 'ρ vs others', 'Mean difference [95% CI]']}
        textColumns={2}
      >
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
              <EstimateCell
                value={formatNumber(d.versus_others.mean_difference)}
                interval={formatInterval(d.versus_others.mean_difference_ci95)}
              />
            </Table.Tr>
          )),
        )}
      </ReportTable>
      <ReportTable caption="Time per task" head={['Rater', 'Tasks timed', 'Median', 'Interquartile range']}>
        {result.per_rater.map(({ rater, time_per_task_ms: t }) => (
          <Table.Tr key={rater}>
            <Table.Td>{rater}</Table.Td>
            <Table.Td ta="right">{t?.n ?? 0}</Table.Td>
            <Table.Td ta="right">{formatSeconds(t?.median)}</Table.Td>
            <Table.Td ta="right">{t ? `${formatSeconds(t.q1)} – ${formatSeconds(t.q3)}` : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </ReportTable>
    </Stack>
  );
}
