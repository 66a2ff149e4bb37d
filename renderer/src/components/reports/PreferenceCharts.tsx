import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AnalysisResult } from '../../../../shared/analysis/types';
import { formatP, formatPercent } from '../../../../shared/report/format';
import { preferenceChartRows } from './chartData';

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
      <Text size="sm">
        Position bias: the answer shown as A was picked in {bias.a_choices} of {bias.decisive_choices} decisive choices ({formatPercent(bias.a_share)}); two-sided exact binomial test against ½: p = {formatP(bias.binomial_p_two_sided)}.
      </Text>
    </Stack>
  );
}
