/**
 * The coordinator's Reports screen: the report model (shared/report), the same sections, tables and
 * Methods as the HTML report, drawn with @mantine/charts; "Save report…" writes that HTML report and
 * "Export CSV" the tidy ratings, through the same export path as the coordinator workspace's Exports.
 * A switch chooses the report's final values as `report --adjudicated` does: the raters' mean, or the
 * adjudicator's final value where a disagreement was adjudicated (agreement and quality control stay on
 * the raters' own values, and Methods says which was used); the saved report follows the switch.
 * The API refuses reports to raters who have not locked, so this screen never unblinds mid-study.
 */
import { Alert, Button, Center, Container, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import type { StudyReport } from '../../../shared/api';
import type { FinalValues } from '../../../shared/analysis/final-values';
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

const EXPORT_RATINGS_CSV: ExportRequest = { what: 'ratings', format: 'csv' };

export function ReportsScreen() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [finalValues, setFinalValues] = useState<FinalValues>('raters_mean');
  const noteId = useId();
  const exporter = useExportSaver();

  useEffect(() => {
    let current = true;
    api()
      .getReport({ finalValues })
      .then(
        (report) => current && setLoaded({ status: 'ready', report }),
        (error: unknown) => current && setLoaded({ status: 'failed', message: userMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, [finalValues]);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <ScreenTitle>Reports</ScreenTitle>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={exporter.running}
              onClick={() => void exporter.save({ what: 'report', finalValues })}
            >
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
        <Stack gap={4}>
          <Switch
            label="Model figures use the adjudicated values"
            aria-describedby={noteId}
            checked={finalValues === 'adjudicated'}
            onChange={(event) => {
              setLoaded({ status: 'loading' });
              setFinalValues(event.currentTarget.checked ? 'adjudicated' : 'raters_mean');
            }}
          />
          {/* Apart from the label (Mantine puts a description inside it), so the switch's name stays short. */}
          <Text id={noteId} size="sm" c="dimmed">
            Where an adjudicator settled a disagreement, the final value stands for the output instead of the
            raters&apos; mean. Agreement and quality control always use the raters&apos; own values; Methods says which
            values were used.
          </Text>
        </Stack>
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
