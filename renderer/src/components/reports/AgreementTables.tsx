import { Stack, Table, Text } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatNumber, formatPercent } from '../../../../shared/report/format';

/** Krippendorff's α, units and percent agreement per dimension; quadratic-weighted κ per rater pair. */
export function AgreementTables({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  if (result.dimensions.length === 0) return <Text c="dimmed">No ratings yet.</Text>;
  const kappas = result.dimensions.flatMap((d) => (result.agreement[d.key]?.weighted_kappa ?? []).map((k) => ({ dimension: d.key, ...k })));
  return (
    <Stack gap="md">
      <Table striped captionSide="top" fz="sm">
        <Table.Caption>Agreement per dimension</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Dimension</Table.Th>
            <Table.Th scope="col">Level</Table.Th>
            <Table.Th scope="col" ta="right">Krippendorff&apos;s α</Table.Th>
            <Table.Th scope="col" ta="right">Units (≥ 2 ratings)</Table.Th>
            <Table.Th scope="col" ta="right">Percent agreement</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.dimensions.map((d) => {
            const a = result.agreement[d.key]!;
            return (
              <Table.Tr key={d.key}>
                <Table.Th scope="row">{label(d.key)}</Table.Th>
                <Table.Td>{a.level}</Table.Td>
                <Table.Td ta="right">{formatNumber(a.krippendorff_alpha, 3)}</Table.Td>
                <Table.Td ta="right">{a.units}</Table.Td>
                <Table.Td ta="right">{formatPercent(a.percent_agreement)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {kappas.length > 0 && (
        <Table striped captionSide="top" fz="sm">
          <Table.Caption>Quadratic-weighted κ per rater pair</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Dimension</Table.Th>
              <Table.Th scope="col">Raters</Table.Th>
              <Table.Th scope="col" ta="right">Outputs both rated</Table.Th>
              <Table.Th scope="col" ta="right">κ</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kappas.map((k) => (
              <Table.Tr key={`${k.dimension}\u0000${k.raters.join('\u0000')}`}>
                <Table.Td>{label(k.dimension)}</Table.Td>
                <Table.Td>{k.raters.join(' × ')}</Table.Td>
                <Table.Td ta="right">{k.n}</Table.Td>
                <Table.Td ta="right">{formatNumber(k.kappa, 3)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
