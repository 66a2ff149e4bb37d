/**
 * The coordinator's Reports screen: the study's analysis (agreement, per-bin means, preference
 * shares, metric–human correlations) from window.blindrate.getReport(), drawn with @mantine/charts.
 * The API refuses reports to raters who have not locked, so this screen never unblinds mid-study.
 */
import '@mantine/charts/styles.css';
import { Alert, Center, Container, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { AnalysisResult } from '../../../shared/analysis/types';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
import { AgreementTables } from '../components/reports/AgreementTables';
import { BinCharts } from '../components/reports/BinCharts';
import { CorrelationHeatmap } from '../components/reports/CorrelationHeatmap';
import { PreferenceCharts } from '../components/reports/PreferenceCharts';
import { QcTables } from '../components/reports/QcTables';
import { RaterDiagnostics } from '../components/reports/RaterDiagnostics';
import { ScreenTitle } from '../components/ScreenTitle';
import { useSession } from '../stores/session';

type Loaded =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; result: AnalysisResult };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="lg" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ value, caption }: { value: number; caption: string }) {
  return (
    <Paper bg="gray.0" p="sm" radius="md">
      <Text fw={700} fz="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Paper>
  );
}

export function ReportsScreen() {
  const rubric = useSession((s) => s.study?.rubric);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    api()
      .getReport()
      .then(
        (result) => current && setLoaded({ status: 'ready', result }),
        (error: unknown) => current && setLoaded({ status: 'failed', message: userMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, []);

  const labels = new Map(rubric?.dimensions.map((d) => [d.key, d.label]) ?? []);
  const label = (key: string) => labels.get(key) ?? (key === 'preference' ? 'Preference' : key);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <ScreenTitle>Reports</ScreenTitle>
        {loaded.status === 'loading' && (
          <Center py="xl">
            <Loader aria-label="Computing the analysis" />
          </Center>
        )}
        {loaded.status === 'failed' && (
          <Alert color="red" title="The analysis could not be computed" role="alert">
            {loaded.message}
          </Alert>
        )}
        {loaded.status === 'ready' && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Fact value={loaded.result.counts.raters} caption="raters with ratings" />
              <Fact value={loaded.result.counts.outputs} caption="outputs rated" />
              <Fact value={loaded.result.counts.ratings} caption="rating values" />
              <Fact value={loaded.result.counts.preferences} caption="preference choices" />
            </SimpleGrid>
            <Section title="Ratings by bin">
              <BinCharts result={loaded.result} label={label} />
            </Section>
            <Section title="Preference: model vs reference">
              <PreferenceCharts result={loaded.result} />
            </Section>
            <Section title="Metric–human correlation">
              <CorrelationHeatmap result={loaded.result} label={label} />
            </Section>
            <Section title="Inter-rater agreement">
              <AgreementTables result={loaded.result} label={label} />
            </Section>
            <Section title="Per-rater diagnostics">
              <RaterDiagnostics result={loaded.result} label={label} />
            </Section>
            <Section title="Quality control">
              <QcTables result={loaded.result} label={label} />
            </Section>
            <Text size="xs" c="dimmed">
              Bootstrap intervals (α, κ, ρ): {loaded.result.parameters.bootstrap} resamples over outputs, seed{' '}
              {loaded.result.parameters.seed}; Gwet&apos;s AC: analytic SE; ICC: F-based; preference shares: Wilson. The
              HTML report (blindrate report) states how every number was computed.
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
