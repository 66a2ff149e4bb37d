/**
 * The coordinator's Reports screen: the report model (shared/report), the same sections, tables and
 * Methods as the HTML report, drawn with @mantine/charts; "Save report…" writes that HTML report and
 * "Export CSV" the tidy ratings, through the same export path as the coordinator workspace's Exports.
 * The API refuses reports to raters who have not locked, so this screen never unblinds mid-study.
 */
import { Alert, Button, Center, Container, Group, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { StudyReport } from '../../../shared/api';
import type { ExportRequest } from '../../../shared/coordinator-api';
import { buildReportModel } from '../../../shared/report';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
import { JobProgressView } from '../components/coordinator/JobProgressView';
import { SavedFileStatus } from '../components/coordinator/SavedFileStatus';
import { ReportView } from '../components/reports/ReportView';
import { ScreenTitle } from '../components/ScreenTitle';
import { useExportSaver } from '../coordinator/saveExport';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; report: StudyReport };

const SAVE_REPORT: ExportRequest = { what: 'report' };
const EXPORT_RATINGS_CSV: ExportRequest = { what: 'ratings', format: 'csv' };

export function ReportsScreen() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const exporter = useExportSaver();

  useEffect(() => {
    let current = true;
    api()
      .getReport()
      .then(
        (report) => current && setLoaded({ status: 'ready', report }),
        (error: unknown) => current && setLoaded({ status: 'failed', message: userMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, []);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <ScreenTitle>Reports</ScreenTitle>
          <Group gap="xs">
            <Button variant="default" disabled={exporter.running} onClick={() => void exporter.save(SAVE_REPORT)}>
              Save report…
            </Button>
            <Button
              variant="default"
              disabled={exporter.running}
              onClick={() => void exporter.save(EXPORT_RATINGS_CSV)}
            >
              Export CSV
            </Button>
          </Group>
        </Group>
        {exporter.error && (
          <Alert color="red" title="The export failed" role="alert">
            {exporter.error}
          </Alert>
        )}
        {exporter.status && exporter.running && (
          <JobProgressView status={exporter.status} unit="rows" onCancel={() => void exporter.cancel()} />
        )}
        {exporter.saved && <SavedFileStatus file={exporter.saved} />}
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
          <ReportView model={buildReportModel(loaded.report.result, loaded.report.study)} />
        )}
      </Stack>
    </Container>
  );
}
