// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installTransfer } from '../../../../renderer/src/api/transfer';
import type { ImportFilePreview, ImportProblem } from '../../../../shared/coordinator-api';
import type { DroppedFilesRequest } from '../../../../shared/transport';
import { FakeApi } from '../fake-api';
import { fileInput, JOB_WAIT, renderMaster, textFile } from './render-master';

afterEach(cleanup);

function previewOf(file: string): ImportFilePreview {
  return {
    file,
    format: 'csv',
    columns: ['id', 'model', 'answer', 'question'],
    mapping: { item_id: 'id', model: 'model', output: null, question: 'question' },
    unmappedColumns: ['answer'],
    records: [
      {
        itemId: 'q-1',
        sourceId: '',
        model: 'atlas-7b',
        output: '',
        question: 'What happened?',
        context: '',
        reference: '',
        category: '',
        scores: { rouge1: 0.25 },
      },
    ],
    problems: [],
  };
}

/** A master whose uploads preview as `previewOf`; `problems` (by file name) fail the import. */
function masterWith(problems: Record<string, ImportProblem[]> = {}) {
  const api = new FakeApi('coordinator');
  const handleFor = api.handleFor.bind(api);
  api.handleFor = (name, bytes, purpose) => {
    const handle = handleFor(name, bytes, purpose);
    api.importPreviews.set(handle.token, previewOf(name));
    const found = problems[name];
    if (found) api.importProblems.set(handle.token, { first: found, count: found.length });
    return handle;
  };
  return api;
}

describe('Import screen', () => {
  it('previews each uploaded file: its mapping (editable), its first records, the columns no field reads', async () => {
    const { user, api } = await renderMaster('Import', masterWith());
    await user.upload(fileInput(), [textFile('a.csv', 'id,model\n'), textFile('b.csv', 'id,model\n')]);
    const a = await screen.findByRole('region', { name: 'Preview of a.csv' });
    expect(within(a).getByRole('table', { name: /The first 1 records/ })).toBeTruthy();
    expect(within(a).getByText(/Columns no field reads: answer/)).toBeTruthy();
    const output = within(a).getByRole('combobox', { name: 'Column for output in a.csv' }) as HTMLInputElement;
    expect(output.value).toBe('(not read)');

    await user.click(output);
    await user.click(await screen.findByRole('option', { name: 'answer' }));
    // The map applies to every file, as --map does.
    const b = screen.getByRole('region', { name: 'Preview of b.csv' });
    const outputOfB = within(b).getByRole('combobox', { name: 'Column for output in b.csv' }) as HTMLInputElement;
    await waitFor(() => expect(outputOfB.value).toBe('answer'));
    expect(api.writes).toEqual([]);
  });

  it('uploads and previews a file dropped onto the drop zone', async () => {
    await renderMaster('Import', masterWith());
    const zone = (await screen.findByText('or drop files here')).closest('.drop-zone')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.classList.contains('drop-zone-active')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [textFile('dropped.csv', 'id,model\n')] } });
    expect(await screen.findByRole('region', { name: 'Preview of dropped.csv' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove dropped.csv' })).toBeTruthy();
  });

  it('in the desktop app, hands files dropped onto the drop zone to the preload and previews the handles it gives', async () => {
    const api = masterWith();
    const capabilities = await api.getCoordinatorCapabilities();
    api.getCoordinatorCapabilities = async () => ({ ...capabilities, files: 'dialogs', workspaceLabel: null });
    const { download, user } = await renderMaster(undefined, api);
    // The preload's bridge: it alone reads the dropped files' paths and answers with handles.
    const dropped = vi.fn(async (files: File[], request: DroppedFilesRequest) =>
      files.map((file) => api.handleFor(file.name, file.size, request.purpose)),
    );
    const upload = vi.fn();
    installTransfer({ upload: null, dropped, download });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Study steps' })).getByRole('button', { name: 'Import' }),
    );
    const zone = (await screen.findByText('or drop files here')).closest('.drop-zone')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.classList.contains('drop-zone-active')).toBe(true);
    const files = [textFile('first.csv', 'id,model\n'), textFile('second.csv', 'id,model\n')];
    // Default prevented: the preload then does not open the files as a study.
    expect(fireEvent.drop(zone, { dataTransfer: { files } })).toBe(false);
    await waitFor(() => expect(dropped).toHaveBeenCalled());
    expect(await screen.findByRole('region', { name: 'Preview of first.csv' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preview of second.csv' })).toBeTruthy();
    expect(dropped).toHaveBeenCalledExactlyOnceWith(files, { purpose: 'import', multiple: true });
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove second.csv' })).toBeTruthy();
    expect(api.writes).toEqual([]);
  });

  it('lists every problem of a refused import at once, file, record and field, and writes nothing', async () => {
    const problems: ImportProblem[] = [
      { file: 'bad.jsonl', record: 'line 3', field: 'output', message: '"output" is missing' },
      { file: 'bad.jsonl', record: 'line 6', field: 'score_rouge1', message: 'must be a number, got "high"' },
      { file: 'bad.jsonl', record: 'line 9', field: 'item_id', message: '"item_id" is empty' },
    ];
    const { user, api } = await renderMaster('Import', masterWith({ 'bad.jsonl': problems }));
    await user.upload(fileInput(), [textFile('good.csv', 'x'), textFile('bad.jsonl', 'x')]);
    await user.click(await screen.findByRole('button', { name: 'Import 2 files' }));

    const table = await screen.findByRole('table', { name: 'Problems' }, JOB_WAIT);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'bad.jsonlline 3output"output" is missing',
      'bad.jsonlline 6score_rouge1must be a number, got "high"',
      'bad.jsonlline 9item_id"item_id" is empty',
    ]);
    expect(screen.getByText(/^3 problems\. Nothing was written\./)).toBeTruthy();
    expect(api.writes).toEqual([]);
    expect(api.history).toEqual([]);
  });

  it('shows the running import (records, bytes, rate, time left); Cancel leaves the study unchanged', async () => {
    const api = masterWith();
    api.jobSteps = 8;
    const { user } = await renderMaster('Import', api);
    await user.upload(fileInput(), textFile('a.csv', 'x'));
    await user.click(await screen.findByRole('button', { name: 'Import 1 file' }));
    const progress = await screen.findByRole('status', { name: 'Progress' }, JOB_WAIT);
    expect(progress.textContent).toMatch(/\d+ of 40 records · [\d.]+ K?B of 3.9 KB · 400 records\/s · 1 s left/);
    await user.click(within(progress).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Import cancelled: the study is unchanged.', {}, JOB_WAIT)).toBeTruthy();
    expect(api.writes).toEqual([]);
  });

  it('imports, says what it added and shows the file in the import history', async () => {
    const api = masterWith();
    api.jobSteps = 1;
    const { user } = await renderMaster('Import', api);
    expect(await screen.findByText('Nothing has been imported into this study yet.')).toBeTruthy();
    await user.upload(fileInput(), textFile('a.csv', 'x'));
    await user.click(await screen.findByRole('button', { name: 'Import 1 file' }));
    expect(await screen.findByText(/^Imported 23 outputs \(23 new items\) from 1 file/, {}, JOB_WAIT)).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Import history' });
    expect(within(history).getByRole('rowheader', { name: 'a.csv' })).toBeTruthy();
    expect(api.writes.map((w) => w.method)).toEqual(['startImport']);
  });

  it("imports a CLUE run joined to its dataset: the run's settings sent as the join, the benchmark's columns fixed", async () => {
    const api = masterWith();
    api.jobSteps = 1;
    const { user } = await renderMaster('Import', api);
    await user.upload(fileInput(), textFile('predictions.json', '{}'));
    await user.click(screen.getByRole('radio', { name: /A CLUE MeDiSumQA run/ }));
    const importButton = await screen.findByRole('button', { name: 'Import 1 file' });
    // No dataset yet: nothing to check or import.
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect(inputs).toHaveLength(2);
    await user.upload(inputs[1]!, textFile('MeDiSumQA.json', '[]'));
    await user.type(screen.getByLabelText(/Few-shot examples/), '3');
    await user.type(screen.getByLabelText(/The run's random seed/), '42');
    await user.type(screen.getByLabelText('Model name'), 'Mistral-7B');
    const preview = await screen.findByRole('region', { name: 'Preview of predictions.json' });
    expect(within(preview).queryByRole('combobox')).toBeNull();
    await waitFor(() => expect((importButton as HTMLButtonElement).disabled).toBe(false));
    await user.click(importButton);
    expect(await screen.findByText(/^Imported 23 outputs/, {}, JOB_WAIT)).toBeTruthy();
    const dataset = api.handles.find((h) => h.name === 'MeDiSumQA.json')!;
    expect(api.writes.map((w) => w.request)).toEqual([
      {
        files: [api.handles.find((h) => h.name === 'predictions.json')!.token],
        map: {},
        model: 'Mistral-7B',
        ignoreUnknown: false,
        join: { kind: 'clue', dataset: dataset.token, joinBy: 'position', fewShot: 3, seed: '42' },
      },
    ]);
  });

  it('joins outputs to any items file on a key, its columns still mapped by the coordinator', async () => {
    const api = masterWith();
    api.jobSteps = 1;
    const { user } = await renderMaster('Import', api);
    await user.upload(fileInput(), textFile('outputs.csv', 'x'));
    await user.click(screen.getByRole('radio', { name: /Another items file/ }));
    await user.upload(
      document.querySelectorAll<HTMLInputElement>('input[type="file"]')[1]!,
      textFile('items.txt', 'q'),
    );
    await user.type(screen.getByLabelText(/Join on/), '#0=index');
    const preview = await screen.findByRole('region', { name: 'Preview of outputs.csv' });
    expect(within(preview).getByRole('combobox', { name: 'Column for output in outputs.csv' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Check every record' }));
    await screen.findByText(/records can be imported/, {}, JOB_WAIT);
    const items = api.handles.find((h) => h.name === 'items.txt')!;
    expect(api.importRequests.at(-1)).toMatchObject({ join: { kind: 'items', items: items.token, on: '#0=index' } });
  });
});
