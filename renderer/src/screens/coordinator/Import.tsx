/**
 * Import: choose or drop output files; before anything is written, each file's detected mapping
 * (editable), its first records as the study will store them, and a check of every record listing
 * every problem. The import itself is all or nothing, shows its progress and can be cancelled.
 */
import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type {
  FileHandle,
  ImportFilePreview,
  ImportHistoryEntry,
  ImportProblems,
  ImportRequest,
} from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { FileChooser } from '../../components/coordinator/FileChooser';
import { JobProgressView } from '../../components/coordinator/JobProgressView';
import { ProblemTable } from '../../components/coordinator/ProblemTable';
import { RecordTable } from '../../components/coordinator/RecordTable';
import { StepPage } from '../../components/coordinator/StepPage';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { useJob } from '../../coordinator/jobs';
import { useLivePreview } from '../../coordinator/livePreview';
import { ImportJoinForm, type JoinChoice } from './ImportJoinForm';

const FIELDS: readonly FieldKey[] = ['model'];
const NOT_READ = '(not read)';
const previewImport = (request: ImportRequest) => api().previewImport(request);

function shorten(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

type Outcome =
  | { kind: 'checked'; records: number }
  | { kind: 'problems'; title: string; problems: ImportProblems }
  | { kind: 'imported'; outputs: number; newItems: number; files: number; alreadyImported: number }
  | { kind: 'cancelled' };

/** The detected mapping; `onMap` null when the columns are fixed (a benchmark run's are known). */
function MappingTable({
  preview,
  onMap,
}: {
  preview: ImportFilePreview;
  onMap: ((field: string, column: string | null) => void) | null;
}) {
  return (
    <Table captionSide="top">
      <Table.Caption>Which column each field is read from</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Column</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Object.entries(preview.mapping).map(([field, column]) => (
          <Table.Tr key={field}>
            <Table.Th scope="row">{field}</Table.Th>
            <Table.Td>
              {onMap ? (
                <Select
                  aria-label={`Column for ${field} in ${preview.file}`}
                  data={[NOT_READ, ...preview.columns]}
                  value={column ?? NOT_READ}
                  onChange={(value) => onMap(field, value === NOT_READ ? null : value)}
                  allowDeselect={false}
                />
              ) : (
                (column ?? NOT_READ)
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RecordsTable({ preview }: { preview: ImportFilePreview }) {
  const metrics = [...new Set(preview.records.flatMap((r) => Object.keys(r.scores)))];
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table captionSide="top">
        <Table.Caption>The first {preview.records.length} records as the study will store them</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Model</Table.Th>
            <Table.Th scope="col">Question</Table.Th>
            <Table.Th scope="col">Output</Table.Th>
            <Table.Th scope="col">Reference</Table.Th>
            {metrics.map((m) => (
              <Table.Th scope="col" key={m}>
                {m}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.records.map((r, i) => (
            <Table.Tr key={i}>
              <Table.Td>{r.itemId}</Table.Td>
              <Table.Td>{r.model}</Table.Td>
              <Table.Td>{shorten(r.question)}</Table.Td>
              <Table.Td>{shorten(r.output)}</Table.Td>
              <Table.Td>{shorten(r.reference)}</Table.Td>
              {metrics.map((m) => (
                <Table.Td key={m}>{r.scores[m] ?? '–'}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryTable({ history }: { history: ImportHistoryEntry[] }) {
  if (history.length === 0) return <Text>Nothing has been imported into this study yet.</Text>;
  return (
    <RecordTable
      caption="Import history"
      columns={['File', 'Format', 'Records', 'Imported', 'SHA-256']}
      rows={history}
      rowKey={(h) => h.importId}
      cells={(h) => [
        h.file,
        h.format,
        h.records.toLocaleString(),
        new Date(h.importedAt).toLocaleString(),
        <code key="sha">{h.sha256.slice(0, 12)}</code>,
      ]}
    />
  );
}

export function ImportScreen() {
  const [files, setFiles] = useState<FileHandle[]>([]);
  const [map, setMap] = useState<Record<string, string>>({});
  const [model, setModel] = useState('');
  const [ignoreUnknown, setIgnoreUnknown] = useState(false);
  const [history, setHistory] = useState<ImportHistoryEntry[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { errors, show, clear } = useFormErrors(FIELDS);
  const job = useJob();
  const running = job.status?.state === 'running';

  const [join, setJoin] = useState<JoinChoice>(null);
  const joinReady = join !== 'incomplete';
  // A benchmark run's columns are known: the choices of the mapping table do not apply to it.
  const benchmark = join !== null && join !== 'incomplete' && join.kind !== 'items';
  const request: ImportRequest = {
    files: files.map((f) => f.token),
    map: benchmark ? {} : map,
    model,
    ignoreUnknown,
    join: joinReady ? join : null,
  };

  const loadHistory = useCallback(() => api().listImports().then(setHistory, show), [show]);
  useEffect(() => void loadHistory(), [loadHistory]);

  const previews = useLivePreview(files.length > 0 && joinReady ? request : null, previewImport, show) ?? [];

  // Stable, so the memoised join form is not rendered again with every change of this screen.
  const changeJoin = useCallback((choice: JoinChoice) => {
    setJoin(choice);
    setOutcome(null);
  }, []);
  const showFileError = useCallback(
    (message: string | null) => (message ? show(new Error(message)) : clear()),
    [show, clear],
  );

  const setColumn = (field: string, column: string | null) =>
    setMap((m) => {
      const next = { ...m };
      if (column === null) delete next[field];
      else next[field] = column;
      return next;
    });

  const runJob = async (kind: 'validate' | 'import') => {
    clear();
    setOutcome(null);
    try {
      const end = await job.run(() =>
        kind === 'validate' ? api().startImportValidation(request) : api().startImport(request),
      );
      if (!end) return;
      if (end.state === 'cancelled') setOutcome({ kind: 'cancelled' });
      else if (end.state === 'failed') {
        if (end.problems)
          setOutcome({ kind: 'problems', title: 'The files cannot be imported', problems: end.problems });
        else show(new Error(end.error));
      } else if (end.result.kind === 'validate') {
        setOutcome(
          end.result.problems.count > 0
            ? { kind: 'problems', title: 'Problems found', problems: end.result.problems }
            : { kind: 'checked', records: end.result.records },
        );
      } else if (end.result.kind === 'import') {
        const { summary } = end.result;
        setOutcome({
          kind: 'imported',
          outputs: summary.outputs,
          newItems: summary.newItems,
          files: summary.files.filter((f) => f.status === 'imported').length,
          alreadyImported: summary.files.filter((f) => f.status === 'already-imported').length,
        });
        setFiles([]);
        await loadHistory();
      }
    } catch (e) {
      show(e);
    }
  };

  const previewProblems = previews.flatMap((p) => p.problems);
  const unmapped = previews.flatMap((p) => p.unmappedColumns.map((c) => `${p.file}: ${c}`));

  return (
    <StepPage
      title="Import outputs"
      intro="Model outputs from JSONL, JSON or CSV files, or a benchmark run joined to its dataset. Each file is previewed and every record checked before anything is written; the import is all or nothing."
      error={errors.general}
    >
      <Paper withBorder p="lg">
        <Stack>
          <FileChooser
            purpose="import"
            multiple
            label="Choose files…"
            chosen={files}
            onChange={(chosen) => {
              setFiles(chosen);
              setOutcome(null);
            }}
            onError={(message) => (message ? show(new Error(message)) : clear())}
          />
          <Group align="flex-end">
            <TextInput
              label={FIELD_LABELS.model}
              description="For files of one model without a model column."
              value={model}
              onChange={(e) => setModel(e.currentTarget.value)}
              error={errors.byField.model}
            />
            <Checkbox
              label="Ignore columns no field reads"
              checked={ignoreUnknown}
              onChange={(e) => setIgnoreUnknown(e.currentTarget.checked)}
            />
          </Group>
          <ImportJoinForm onChange={changeJoin} onError={showFileError} />
        </Stack>
      </Paper>

      {previews.map((preview) => (
        <Paper withBorder p="lg" key={preview.file} component="section" aria-label={`Preview of ${preview.file}`}>
          <Stack>
            <Group>
              <Title order={2} size="h4">
                {preview.file}
              </Title>
              <Badge variant="light">{preview.format.toUpperCase()}</Badge>
            </Group>
            <MappingTable preview={preview} onMap={benchmark ? null : setColumn} />
            {preview.unmappedColumns.length > 0 && (
              <Text size="sm">
                Columns no field reads: {preview.unmappedColumns.join(', ')}
                {ignoreUnknown ? ' (ignored).' : ' (refused unless ignored).'}
              </Text>
            )}
            <RecordsTable preview={preview} />
          </Stack>
        </Paper>
      ))}

      {files.length > 0 && (
        <Paper withBorder p="lg">
          <Stack>
            <Text>
              Will import {files.length === 1 ? files[0]!.name : `${files.length} files`}
              {previewProblems.length > 0
                ? `; the first records already show ${previewProblems.length} problem(s)`
                : ''}
              {!ignoreUnknown && unmapped.length > 0 ? `; ${unmapped.length} column(s) no field reads` : ''}.
            </Text>
            <Group>
              <Button variant="default" onClick={() => void runJob('validate')} disabled={running || !joinReady}>
                Check every record
              </Button>
              <Button onClick={() => void runJob('import')} disabled={running || !joinReady}>
                Import {files.length === 1 ? '1 file' : `${files.length} files`}
              </Button>
            </Group>
            {job.status && (running || job.status.state === 'cancelled') && (
              <JobProgressView status={job.status} unit="records" onCancel={() => void job.cancel()} />
            )}
          </Stack>
        </Paper>
      )}

      {outcome?.kind === 'problems' && <ProblemTable problems={outcome.problems} title={outcome.title} />}
      {outcome?.kind === 'checked' && (
        <Text role="status">All {outcome.records.toLocaleString()} records can be imported: no problems.</Text>
      )}
      {outcome?.kind === 'cancelled' && <Text role="status">Import cancelled: the study is unchanged.</Text>}
      {outcome?.kind === 'imported' && (
        <Text role="status">
          Imported {outcome.outputs.toLocaleString()} outputs ({outcome.newItems.toLocaleString()} new items) from{' '}
          {outcome.files} file(s)
          {outcome.alreadyImported > 0 ? `; ${outcome.alreadyImported} file(s) were already imported` : ''}.
        </Text>
      )}

      <Paper withBorder p="lg" component="section" aria-label="Import history">
        <HistoryTable history={history} />
      </Paper>
    </StepPage>
  );
}
