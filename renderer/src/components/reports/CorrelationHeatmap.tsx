import { MatrixChart } from '@mantine/charts';
import { Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { AnalysisResult, Correlation } from '../../../../shared/analysis/types';
import { formatInterval, formatNumber } from '../../../../shared/report/format';
import { ALL_MODELS, correlationCells } from './chartData';

/** Red (−1) through grey (0) to blue (+1); MatrixChart picks one of these per cell, so many steps read as a gradient. */
const DIVERGING = [
  'red.9',
  'red.7',
  'red.5',
  'red.3',
  'red.1',
  'gray.1',
  'blue.1',
  'blue.3',
  'blue.5',
  'blue.7',
  'blue.9',
];

export function correlationSummary(c: Correlation): string {
  return `Spearman ${formatNumber(c.spearman)}, 95% CI ${formatInterval(c.spearman_ci95)}, Kendall τ-b ${formatNumber(c.kendall_tau_b)}, Pearson ${formatNumber(c.pearson)}, n = ${c.n}`;
}

/** Spearman's ρ of every metric × rating dimension, for one model or all pooled; the CI is in the tooltip. */
export function CorrelationHeatmap({ result, label }: { result: AnalysisResult; label: (key: string) => string }) {
  const [model, setModel] = useState(ALL_MODELS);
  if (result.correlations.length === 0) return <Text c="dimmed">No automatic metric scores on the rated outputs.</Text>;
  const cells = correlationCells(result, model);
  const dimensions = result.dimensions.filter((d) => d.kind !== 'preference').map((d) => d.key);
  const describe = (cell: { x: string; y: string }) => {
    const match = cells.find((c) => label(c.x) === cell.x && c.y === cell.y);
    return match ? `${cell.y} × ${cell.x}: ${correlationSummary(match.correlation)}` : null;
  };
  return (
    <Stack gap="sm">
      <Group>
        <Text size="sm">Outputs of</Text>
        <SegmentedControl
          size="xs"
          value={model}
          onChange={setModel}
          data={[{ value: ALL_MODELS, label: 'All models' }, ...result.models.map((m) => ({ value: m, label: m }))]}
          aria-label="Model"
        />
      </Group>
      <MatrixChart
        data={cells.map(({ x, y, value }) => ({ x: label(x), y, value }))}
        xLabels={dimensions.map(label)}
        yLabels={result.metrics}
        domain={[-1, 1]}
        colors={DIVERGING}
        emptyColor="gray.3"
        cellSize={64}
        gap={3}
        withXLabels
        withYLabels
        xLabelsPosition="bottom"
        xLabelsRotation={-30}
        xLabelsHeight={110}
        yLabelsWidth={90}
        withTooltip
        getTooltipLabel={describe}
        getCellProps={(cell) => ({ role: 'img', 'aria-label': describe(cell) ?? undefined })}
        aria-label="Correlation heat map, metric by dimension"
      />
      <Table.ScrollContainer minWidth={480}>
        <Table striped captionSide="top" fz="sm">
          <Table.Caption>Spearman&apos;s ρ [95% CI] (n)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Metric</Table.Th>
              {dimensions.map((d) => (
                <Table.Th scope="col" key={d} ta="right">
                  {label(d)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.metrics.map((metric) => (
              <Table.Tr key={metric}>
                <Table.Th scope="row">{metric}</Table.Th>
                {dimensions.map((d) => {
                  const c = cells.find((x) => x.x === d && x.y === metric)?.correlation;
                  return (
                    <Table.Td key={d} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {c
                        ? `${formatNumber(c.spearman)} ${c.spearman_ci95 ? formatInterval(c.spearman_ci95) : ''} (${c.n})`
                        : '—'}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Spearman&apos;s ρ between each metric and the mean human rating of an output; blue = positive, red = negative,
        darker = stronger; hover a cell for the 95% bootstrap interval, τ-b, r and n. Grey = undefined (constant values
        or n &lt; 3).
      </Text>
    </Stack>
  );
}
