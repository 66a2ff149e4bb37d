import { LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { AnalysisDimension } from '../../../../shared/analysis/types';
import { meanIsShareOfOne } from '../../../../shared/analysis/dimensions';
import { formatNumber, formatPercent, seriesStyle } from '../../../../shared/report/format';
import type { BinPanel } from '../../../../shared/report/model';
import { binChartRows, countKey } from './chartData';

interface TooltipEntry {
  name?: string | number;
  value?: unknown;
  color?: string;
  payload?: Record<string, unknown>;
}

/** Tooltip listing each model's mean with its number of ratings. */
function MeanTooltip({
  label,
  payload,
  binary,
}: {
  label?: string | number;
  payload?: ReadonlyArray<TooltipEntry>;
  binary: boolean;
}) {
  if (!payload?.length) return null;
  return (
    <Paper withBorder shadow="sm" p="xs">
      <Text fw={600} size="sm">
        {label}
      </Text>
      {payload.map((entry) => (
        <Text key={String(entry.name)} size="sm" c={entry.color}>
          {String(entry.name)}: {binary ? formatPercent(entry.value as number) : formatNumber(entry.value as number)} (n
          = {String(entry.payload?.[countKey(String(entry.name))] ?? 0)})
        </Text>
      ))}
    </Paper>
  );
}

/** Per-dimension mean by bin, one line per model (MeDiSumQA Figure 4), in the HTML report's colours. */
export function BinCharts({ models, panels }: { models: ReadonlyArray<string>; panels: ReadonlyArray<BinPanel> }) {
  const series = models.map((model, i) => ({ name: model, color: seriesStyle(i).colour }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {panels.map(({ dimension: d, label, cells }) => (
        <figure key={d.key} className="report-figure">
          <Title order={3} size="h5" ta="center">
            {label}
            {meanIsShareOfOne(d) ? ' (share of 1)' : ''}
          </Title>
          <LineChart
            h={260}
            data={binChartRows(cells)}
            dataKey="bin"
            series={series}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            connectNulls
            curveType="linear"
            yAxisProps={yAxis(d)}
            tooltipProps={{
              content: (props) => (
                <MeanTooltip
                  label={props.label}
                  payload={props.payload as unknown as TooltipEntry[]}
                  binary={meanIsShareOfOne(d)}
                />
              ),
            }}
            aria-label={`${label}: mean by bin per model`}
          />
        </figure>
      ))}
    </SimpleGrid>
  );
}

/** The scale's own points as ticks (1–5), or 0–100 % for binary dimensions. */
function yAxis(dimension: AnalysisDimension) {
  // interval 0: recharts otherwise drops ticks it thinks are crowded, e.g. the 4 of a 1–5 scale.
  if (meanIsShareOfOne(dimension))
    return {
      domain: [0, 1],
      ticks: [0, 0.25, 0.5, 0.75, 1],
      interval: 0,
      tickFormatter: (v: number) => formatPercent(v),
    };
  const scale = dimension.categories ?? [1, 2, 3, 4, 5];
  return { domain: [scale[0]!, scale.at(-1)!], ticks: scale, interval: 0, tickFormatter: (v: number) => String(v) };
}
