/**
 * Exports: each table, the report, the analysis and a backup through the Save dialog (desktop) or as
 * a download (browser mode), the same bytes the CLI writes for the same study and options.
 */
import { Button, Group, Paper, Stack, Table } from '@mantine/core';
import type { ExportRequest, TableExport } from '../../../../shared/coordinator-api';
import { JobProgressView } from '../../components/coordinator/JobProgressView';
import { SavedFileStatus } from '../../components/coordinator/SavedFileStatus';
import { StepPage } from '../../components/coordinator/StepPage';
import { useExportSaver } from '../../coordinator/saveExport';

interface ExportRow {
  title: string;
  description: string;
  requests: { label: string; request: ExportRequest }[];
}

function tableRow(what: TableExport, title: string, description: string): ExportRow {
  return {
    title,
    description,
    requests: [
      { label: 'CSV', request: { what, format: 'csv' } },
      { label: 'JSONL', request: { what, format: 'jsonl' } },
    ],
  };
}

const EXPORT_ROWS: readonly ExportRow[] = [
  tableRow('ratings', 'Ratings (tidy)', 'One row per rater × output × dimension, with the data dictionary’s columns.'),
  tableRow('ratings-wide', 'Ratings (wide)', 'One row per rater × output, a column per dimension.'),
  tableRow('dictionary', 'Data dictionary', 'Every column of the ratings exports, what it holds.'),
  tableRow('outputs', 'Outputs', 'Every imported output with its automatic scores.'),
  tableRow('sample', 'Sample', 'The sampled outputs with their bins.'),
  tableRow('audit', 'Audit log', 'Every recorded action, hash-chained.'),
  {
    title: 'Report',
    description: 'Self-contained HTML: per-bin means, preference shares, agreement, correlations, Methods.',
    requests: [{ label: 'HTML', request: { what: 'report' } }],
  },
  {
    title: 'Analysis',
    description: 'The report’s numbers as JSON.',
    requests: [{ label: 'JSON', request: { what: 'analysis' } }],
  },
  {
    title: 'Backup',
    description: 'A consistent copy of the encrypted master, opened with the same passphrase.',
    requests: [{ label: 'file', request: { what: 'backup' } }],
  },
];

export function ExportsScreen() {
  const { save, saved, error, status, running, cancel } = useExportSaver();

  return (
    <StepPage
      title="Exports"
      intro="Each export is written through the Save dialog (in a browser, as a download): the same bytes the command line writes for this study."
      error={error}
    >
      <Paper withBorder p="lg">
        <Table captionSide="top">
          <Table.Caption>What can be exported</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Export</Table.Th>
              <Table.Th scope="col">What it holds</Table.Th>
              <Table.Th scope="col">Save</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {EXPORT_ROWS.map((row) => (
              <Table.Tr key={row.title}>
                <Table.Th scope="row">{row.title}</Table.Th>
                <Table.Td>{row.description}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {row.requests.map(({ label, request }) => (
                      <Button
                        key={label}
                        size="xs"
                        variant="default"
                        disabled={running}
                        onClick={() => void save(request)}
                        aria-label={`Save ${row.title} as ${label}`}
                      >
                        {label}…
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack>
        {status && running && <JobProgressView status={status} unit="rows" onCancel={() => void cancel()} />}
        {saved && <SavedFileStatus file={saved} />}
      </Stack>
    </StepPage>
  );
}
