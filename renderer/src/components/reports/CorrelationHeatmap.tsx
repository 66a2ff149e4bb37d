import { MatrixChart } from '@mantine/charts';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AnalysisResult, Correlation } from '../../../../shared/analysis/types';
import { formatInterval, formatNumber } from '../../../../shared/report/format';
import { ALL_MODELS, correlationCells } from './chartData';

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
        colors={['red.8', 'red.3', 'gray.1', 'blue.3', 'blue.8']}
        emptyColor="gray.2"
        cellSize={56}
        gap={3}
        withXLabels
        withYLabels
        xLabelsPosition="top"
        xLabelsRotation={0}
        xLabelsHeight={28}
        yLabelsWidth={90}
        withLegend
        legendLabels={['ρ = −1', 'ρ = +1']}
        withTooltip
        getTooltipLabel={describe}
        getCellProps={(cell) => ({ role: 'img', 'aria-label': describe(cell) ?? undefined })}
        aria-label="Correlation heat map, metric by dimension"
      />
      <Text size="xs" c="dimmed">
        Spearman&apos;s ρ between each metric and the mean human rating of an output; hover a cell for the 95% bootstrap interval, τ-b, r and n. Grey = undefined (constant values or n &lt; 3).
      </Text>
    </Stack>
  );
}
