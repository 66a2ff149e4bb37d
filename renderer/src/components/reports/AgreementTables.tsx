import { Stack, Table, Text } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatInterval, formatNumber, formatPercent } from '../../../../shared/report/format';

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
      <Table striped captionSide="top" fz="sm">
        <Table.Caption>Agreement per dimension</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Dimension</Table.Th>
            <Table.Th scope="col">Level</Table.Th>
            <Table.Th scope="col" ta="right">
              Krippendorff&apos;s α [95% CI]
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Units (≥ 2 ratings)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Percent agreement
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Gwet&apos;s AC [95% CI]
            </Table.Th>
            <Table.Th scope="col" ta="right">
              SE
            </Table.Th>
            <Table.Th scope="col" ta="right">
              n
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.dimensions.map((d) => {
            const a = result.agreement[d.key]!;
            return (
              <Table.Tr key={d.key}>
                <Table.Th scope="row">{label(d.key)}</Table.Th>
                <Table.Td>{a.level}</Table.Td>
                <Table.Td ta="right">
                  {formatNumber(a.krippendorff_alpha, 3)}{' '}
                  <Text span c="dimmed" fz="xs">
                    {formatInterval(a.krippendorff_alpha_ci95)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{a.units}</Table.Td>
                <Table.Td ta="right">{formatPercent(a.percent_agreement)}</Table.Td>
                <Table.Td ta="right">
                  {a.gwet.coefficient} {formatNumber(a.gwet.value, 3)}{' '}
                  <Text span c="dimmed" fz="xs">
                    {formatInterval(a.gwet.ci95)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(a.gwet.standard_error, 3)}</Table.Td>
                <Table.Td ta="right">{a.gwet.n}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {iccs.length > 0 && (
        <Table striped captionSide="top" fz="sm">
          <Table.Caption>Intraclass correlation (McGraw &amp; Wong), F-based 95% intervals</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Dimension</Table.Th>
              <Table.Th scope="col" ta="right">
                Outputs × raters
              </Table.Th>
              <Table.Th scope="col" ta="right">
                ICC(A,1)
              </Table.Th>
              <Table.Th scope="col" ta="right">
                ICC(C,1)
              </Table.Th>
              <Table.Th scope="col" ta="right">
                ICC(A,k)
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                  <Table.Td key={i} ta="right">
                    {formatNumber(estimate.value, 3)}{' '}
                    <Text span c="dimmed" fz="xs">
                      {formatInterval(estimate.ci95)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {kappas.length > 0 && (
        <Table striped captionSide="top" fz="sm">
          <Table.Caption>Quadratic-weighted κ per rater pair</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Dimension</Table.Th>
              <Table.Th scope="col">Raters</Table.Th>
              <Table.Th scope="col" ta="right">
                Outputs both rated
              </Table.Th>
              <Table.Th scope="col" ta="right">
                κ [95% CI]
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kappas.map((k) => (
              <Table.Tr key={`${k.dimension}\u0000${k.raters.join('\u0000')}`}>
                <Table.Td>{label(k.dimension)}</Table.Td>
                <Table.Td>{k.raters.join(' × ')}</Table.Td>
                <Table.Td ta="right">{k.n}</Table.Td>
                <Table.Td ta="right">
                  {formatNumber(k.kappa, 3)}{' '}
                  <Text span c="dimmed" fz="xs">
                    {formatInterval(k.ci95)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
