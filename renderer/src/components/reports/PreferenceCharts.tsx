import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatP, formatPercent } from '../../../../shared/report/format';
import type { PreferenceShare } from '../../../../shared/analysis/types';
import { preferenceChartRows } from './chartData';
import { EstimateCell, ReportTable } from './ReportTable';

const SERIES = [
  { name: 'model', label: 'Model preferred', color: 'blue.7' },
  { name: 'tie', label: 'Tie', color: 'gray.4' },
  { name: 'reference', label: 'Reference preferred', color: 'yellow.6' },
];

/** 100 % stacked bars of preference shares per bin and overall, one chart per model (MeDiSumQA Figure 5). */
export function PreferenceCharts({ result }: { result: AnalysisResult }) {
  if (result.preference.length === 0) return <Text c="dimmed">No preference choices yet.</Text>;
  const models = [...new Set(result.preference.map((p) => p.model))];
  const bias = result.position_bias;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {models.map((model) => {
          const rows = preferenceChartRows(result, model);
          return (
            <figure key={model} className="report-figure">
              <Title order={3} size="h5">
                {model}
              </Title>
              <BarChart
                h={40 + rows.length * 34}
                data={rows}
                dataKey="label"
                type="percent"
                orientation="vertical"
                series={SERIES}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                yAxisProps={{ width: 110 }}
                valueFormatter={(v) => `${v}%`}
                aria-label={`Preference shares by bin for ${model}`}
              />
            </figure>
          );
        })}
      </SimpleGrid>
      <ReportTable
        caption="Preference shares with Wilson 95% intervals"
        head={['Model', 'Bin', 'Choices', 'Model preferred', 'Tie', 'Reference preferred']}
        textColumns={2}
      >
        {result.preference.map((p) => (
          <Table.Tr key={`${p.model}\u0000${p.bin ?? 'all'}`}>
            <Table.Td>{p.model}</Table.Td>
            <Table.Td>{p.bin ?? 'all'}</Table.Td>
            <Table.Td ta="right">{p.n}</Table.Td>
            <ShareCell share={p.model_share} interval={p.model_share_ci95} />
            <ShareCell share={p.tie_share} interval={p.tie_share_ci95} />
            <ShareCell share={p.reference_share} interval={p.reference_share_ci95} />
          </Table.Tr>
        ))}
      </ReportTable>
      <Text size="sm">
        Position bias: the answer shown as A was picked in {bias.a_choices} of {bias.decisive_choices} decisive choices
        ({formatPercent(bias.a_share)}); two-sided exact binomial test against ½: p ={' '}
        {formatP(bias.binomial_p_two_sided)}.
      </Text>
    </Stack>
  );
}

function ShareCell({
  share,
  interval,
}: {
  share: PreferenceShare['model_share'];
  interval: PreferenceShare['model_share_ci95'];
}) {
  return (
    <EstimateCell
      value={formatPercent(share)}
      interval={interval ? `[${formatPercent(interval[0])}, ${formatPercent(interval[1])}]` : ''}
    />
  );
}
