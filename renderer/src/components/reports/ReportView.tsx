import '@mantine/charts/styles.css';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReportBlock, ReportModel } from '../../../../shared/report/model';
import { BinCharts } from './BinCharts';
import { ForestPlot } from './ForestPlot';
import { ModelTable, RichText } from './ModelTable';
import { PreferenceCharts } from './PreferenceCharts';

/** The report model on screen: the HTML report's sections, tables and notes, with interactive charts. */
export function ReportView({ model }: { model: ReportModel }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="var(--br-key-text)">
        {model.subtitle}
      </Text>
      {model.sections.map((section) => (
        <Paper key={section.id} component="section" withBorder p="lg" aria-label={section.title}>
          <Title order={2} size="h4" mb="sm">
            {section.title}
          </Title>
          <Stack gap="sm">
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Block({ block }: { block: ReportBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <Text size="sm" c={block.note ? 'var(--br-key-text)' : undefined}>
          <RichText text={block.text} />
        </Text>
      );
    case 'heading':
      return (
        <Title order={3} size="h5" mt="xs">
          <RichText text={block.text} />
        </Title>
      );
    case 'facts':
      return (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          {block.facts.map((fact) => (
            <Paper key={fact.caption} bg="var(--br-subtle)" p="sm" radius="md">
              <Text fw={700} fz="xl">
                {fact.value}
              </Text>
              <Text size="xs" c="var(--br-key-text)">
                {fact.caption}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      );
    case 'table':
      return <ModelTable table={block.table} />;
    case 'bin-charts':
      return <BinCharts models={block.models} panels={block.panels} />;
    case 'preference-charts':
      return <PreferenceCharts panels={block.panels} />;
    case 'strength-forest':
      return <ForestPlot label={block.label} strengths={block.strengths} />;
  }
}
