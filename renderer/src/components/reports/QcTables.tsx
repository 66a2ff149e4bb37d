import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { ReportTable } from './ReportTable';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatNumber, formatPercent, formatSeconds } from '../../../../shared/report/format';
import { RATER_FLAG_LABELS, inDimensionOrder, raterQcCells, raterQcColumns } from '../../../../shared/report/qc';

/**
 * Quality control: per-rater time on task and flags (always recorded), then the checks designed into
 * the plan — intra-rater agreement on hidden repeats, reference controls next to the models, calibration.
 */
export function QcTables({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  const { qc } = result;
  const { fast_ms, fast_share_flag, straight_run } = qc.parameters;
  const models = qc.reference_controls[0]?.models.map((m) => m.model) ?? [];
  const who = (rater: string | null) => (rater === null ? 'All raters' : rater);
  return (
    <Stack gap="md">
      <Text size="sm">
        QC rows ({qc.rows.repeat} of hidden repeats, {qc.rows.reference_control} of reference controls,{' '}
        {qc.rows.calibration} of calibration) are left out of every result above. A rater is flagged for fast answers
        when at least {formatPercent(fast_share_flag)} of their timed tasks took less than {formatSeconds(fast_ms)}, and
        for straight-lining after {straight_run} rating tasks in a row with one value on every Likert dimension.
      </Text>
      {qc.raters.length === 0 ? (
        <Text c="dimmed">No ratings yet.</Text>
      ) : (
        <ReportTable caption="Quality control per rater" head={raterQcColumns(fast_ms)}>
          {qc.raters.map((r) => {
            const cells = raterQcCells(r);
            return (
              <Table.Tr key={r.rater}>
                <Table.Th scope="row">{r.rater}</Table.Th>
                <Table.Td ta="right">{cells.tasks}</Table.Td>
                <Table.Td ta="right">{cells.median}</Table.Td>
                <Table.Td ta="right">{cells.iqr}</Table.Td>
                <Table.Td ta="right">{cells.fast}</Table.Td>
                <Table.Td ta="right">{cells.straight}</Table.Td>
                <Table.Td ta="right">
                  {r.flags.length === 0 ? (
                    'none'
                  ) : (
                    <Group gap={4} justify="flex-end">
                      {r.flags.map((flag) => (
                        <Badge key={flag} color="red" variant="light">
                          {RATER_FLAG_LABELS[flag]}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ReportTable>
      )}
      {qc.rows.repeat > 0 && (
        <ReportTable
          caption="Intra-rater agreement on hidden repeats"
          head={['Dimension', 'Rater', 'Pairs', 'κ (quadratic)', 'Exact']}
        >
          {inDimensionOrder(result, qc.intra_rater).map((a) => (
            <Table.Tr key={`${a.dimension}\u0000${a.rater ?? ''}`}>
              <Table.Td>{label(a.dimension)}</Table.Td>
              <Table.Td ta="right">{who(a.rater)}</Table.Td>
              <Table.Td ta="right">{a.n}</Table.Td>
              <Table.Td ta="right">{formatNumber(a.weighted_kappa, 3)}</Table.Td>
              <Table.Td ta="right">{formatPercent(a.percent_exact)}</Table.Td>
            </Table.Tr>
          ))}
        </ReportTable>
      )}
      {qc.reference_controls.length > 0 && (
        <ReportTable
          caption="Reference controls next to each model (mean, number of ratings)"
          head={['Dimension', 'Reference answers', ...models]}
        >
          {inDimensionOrder(result, qc.reference_controls).map((c) => (
            <Table.Tr key={c.dimension}>
              <Table.Td>{label(c.dimension)}</Table.Td>
              {[c.reference, ...c.models].map((cell, i) => (
                <Table.Td key={i} ta="right">
                  {formatNumber(cell.mean)} ({cell.n})
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </ReportTable>
      )}
      {qc.rows.calibration > 0 && !qc.calibration.expected_supplied && (
        <Text c="dimmed">
          {qc.rows.calibration} calibration rows; their expected ratings were not supplied, so they are not compared.
        </Text>
      )}
      {qc.calibration.agreement.length > 0 && (
        <ReportTable
          caption="Calibration against the expected ratings"
          head={['Dimension', 'Rater', 'Ratings', 'Exact', 'Within 1', 'Mean |difference|']}
        >
          {inDimensionOrder(result, qc.calibration.agreement).map((a) => (
            <Table.Tr key={`${a.dimension}\u0000${a.rater ?? ''}`}>
              <Table.Td>{label(a.dimension)}</Table.Td>
              <Table.Td ta="right">{who(a.rater)}</Table.Td>
              <Table.Td ta="right">{a.n}</Table.Td>
              <Table.Td ta="right">{formatPercent(a.exact_share)}</Table.Td>
              <Table.Td ta="right">{formatPercent(a.within_one_share)}</Table.Td>
              <Table.Td ta="right">{formatNumber(a.mean_absolute_difference)}</Table.Td>
            </Table.Tr>
          ))}
        </ReportTable>
      )}
    </Stack>
  );
}
