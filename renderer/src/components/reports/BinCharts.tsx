import { LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AnalysisDimension, AnalysisResult } from '../../../../shared/analysis/types';
import { meanIsShareOfOne } from '../../../../shared/analysis/dimensions';
import { formatNumber, formatPercent } from '../../../../shared/report/format';
import { binChartRows, countKey, modelColour } from './chartData';

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

/** Per-dimension mean by bin, one line per model (MeDiSumQA Figure 4), and the same numbers as a table. */
export function BinCharts({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  const dimensions = result.dimensions.filter(
    (d) => d.kind !== 'preference' && result.bins.some((b) => b.dimension === d.key),
  );
  if (dimensions.length === 0) return <Text c="dimmed">No rating has a bin yet.</Text>;
  const series = result.models.map((model, i) => ({ name: model, color: modelColour(i) }));
  const bins = [...new Set(result.bins.map((b) => b.bin))].sort((a, b) => a - b);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {dimensions.map((d) => (
          <figure key={d.key} className="report-figure">
            <Title order={3} size="h5" ta="center">
              {label(d.key)}
              {meanIsShareOfOne(d) ? ' (share of 1)' : ''}
            </Title>
            <LineChart
              h={260}
              data={binChartRows(result, d.key)}
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
              aria-label={`${label(d.key)}: mean by bin per model`}
            />
          </figure>
        ))}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={480}>
        <Table striped captionSide="top" fz="sm">
          <Table.Caption>Mean (number of ratings) by bin</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Dimension</Table.Th>
              <Table.Th scope="col">Model</Table.Th>
              {bins.map((b) => (
                <Table.Th scope="col" key={b} ta="right">
                  Bin {b}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dimensions.flatMap((d) =>
              result.models.map((model) => (
                <Table.Tr key={`${d.key}\u0000${model}`}>
                  <Table.Td>{label(d.key)}</Table.Td>
                  <Table.Td>{model}</Table.Td>
                  {bins.map((bin) => {
                    const cell = result.bins.find((b) => b.dimension === d.key && b.model === model && b.bin === bin);
                    return (
                      <Table.Td key={bin} ta="right">
                        {cell ? `${formatNumber(cell.mean)} (${cell.n})` : '—'}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
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
