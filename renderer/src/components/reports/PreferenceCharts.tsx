import { BarChart } from '@mantine/charts';
import { SimpleGrid, Title } from '@mantine/core';
import { PREFERENCE_SEGMENTS } from '../../../../shared/report/charts';
import type { PreferencePanel } from '../../../../shared/report/model';
import { preferenceChartRows } from './chartData';

/** The three outcomes under the keys preferenceChartRows gives them, in the HTML report's colours. */
const SERIES = PREFERENCE_SEGMENTS.map((segment, i) => ({
  name: (['model', 'tie', 'reference'] as const)[i]!,
  label: segment.label,
  color: segment.colour,
}));

/** 100 % stacked bars of preference shares per bin and overall, one chart per model (MeDiSumQA Figure 5). */
export function PreferenceCharts({ panels }: { panels: ReadonlyArray<PreferencePanel> }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {panels.map(({ model, shares }) => {
        const rows = preferenceChartRows(shares);
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
  );
}
