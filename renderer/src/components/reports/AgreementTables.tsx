import { Stack, Table, Text } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatIccEstimate, formatInterval, formatNumber, formatPercent } from '../../../../shared/report/format';
import { EstimateCell, ReportTable } from './ReportTable';

/**
 * Krippendorff's α with its bootstrap interval, percent agreement and Gwet's AC (SE, interval, n) per
 * dimension; ICCs of Likert dimensions with their n × k; quadratic-weighted κ per rater pair with its interval.
 */
export function AgreementTables({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  if (result.dimensions.length === 0) return <Text c="dimmed">No ratings yet.</Text>;
  const kappas = result.dimensions.flatMap((d) =>
    (result.agreement[d.key]?.weighted_kappa ?? []).map((k) => ({ dimension: d.key, ...k })),
  );
  const iccs = result.dimensions.flatMap((d) => {
    const icc = result.agreement[d.key]?.icc;
    return icc ? [{ dimension: d.key, icc }] : [];
  });
  return (
    <Stack gap="md">
      <ReportTable
        caption="Agreement per dimension"
        head={[
          'Dimension',
          'Level',
          "Krippendorff's α [95% CI]",
          'Units (≥ 2 ratings)',
          'Percent agreement',
          "Gwet's AC [95% CI]",
          'SE',
          'n',
        ]}
        textColumns={2}
      >
        {result.dimensions.map((d) => {
          const a = result.agreement[d.key]!;
          return (
            <Table.Tr key={d.key}>
              <Table.Th scope="row">{label(d.key)}</Table.Th>
              <Table.Td>{a.level}</Table.Td>
              <EstimateCell
                value={formatNumber(a.krippendorff_alpha, 3)}
                interval={formatInterval(a.krippendorff_alpha_ci95)}
              />
              <Table.Td ta="right">{a.units}</Table.Td>
              <Table.Td ta="right">{formatPercent(a.percent_agreement)}</Table.Td>
              <EstimateCell
                value={`${a.gwet.coefficient} ${formatNumber(a.gwet.value, 3)}`}
                interval={formatInterval(a.gwet.ci95)}
              />
              <Table.Td ta="right">{formatNumber(a.gwet.standard_error, 3)}</Table.Td>
              <Table.Td ta="right">{a.gwet.n}</Table.Td>
            </Table.Tr>
          );
        })}
      </ReportTable>
      {iccs.length > 0 && (
        <ReportTable
          caption="Intraclass correlation (McGraw & Wong), F-based 95% intervals"
          head={['Dimension', 'Outputs × raters', 'ICC(A,1)', 'ICC(C,1)', 'ICC(A,k)']}
        >
          {iccs.map(({ dimension, icc }) => (
            <Table.Tr key={dimension}>
              <Table.Th scope="row">{label(dimension)}</Table.Th>
              <Table.Td
                ta="right"
                title={
                  icc.subset === 'largest complete block'
                    ? `Largest complete block: ${icc.raters.join(', ')}`
                    : 'All rated outputs'
                }
              >
                {icc.n} × {icc.k}
                {icc.subset === 'largest complete block' && ' (block)'}
              </Table.Td>
              {[icc.absolute_single, icc.consistency_single, icc.absolute_average].map((estimate, i) => (
                <EstimateCell key={i} {...formatIccEstimate(estimate)} />
              ))}
            </Table.Tr>
          ))}
        </ReportTable>
      )}
      {kappas.length > 0 && (
        <ReportTable
          caption="Quadratic-weighted κ per rater pair"
          head={['Dimension', 'Raters', 'Outputs both rated', 'κ [95% CI]']}
          textColumns={2}
        >
          {kappas.map((k) => (
            <Table.Tr key={`${k.dimension}\u0000${k.raters.join('\u0000')}`}>
              <Table.Td>{label(k.dimension)}</Table.Td>
              <Table.Td>{k.raters.join(' × ')}</Table.Td>
              <Table.Td ta="right">{k.n}</Table.Td>
              <EstimateCell value={formatNumber(k.kappa, 3)} interval={formatInterval(k.ci95)} />
            </Table.Tr>
          ))}
        </ReportTable>
      )}
    </Stack>
  );
}
