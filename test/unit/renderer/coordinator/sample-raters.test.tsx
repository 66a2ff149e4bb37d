// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApi } from '../fake-api';
import { JOB_WAIT, plannedMaster, renderMaster } from './render-master';

afterEach(cleanup);

describe('Sample screen', () => {
  it('pre-fills a random seed and shows it; an impossible N says why and offers the largest N that works', async () => {
    const { user, api } = await renderMaster('Sample');
    const seed = (await screen.findByLabelText('Seed')) as HTMLInputElement;
    expect(seed.value).toBe('424242');
    const perBin = screen.getByLabelText('N per bin');
    await user.clear(perBin);
    await user.type(perBin, '9');
    const atlas = await screen.findByRole('region', { name: 'Preview for atlas-7b' });
    expect(await within(atlas).findByText('A bin of atlas-7b holds 4 outputs, fewer than 9.')).toBeTruthy();
    expect(
      within(atlas).getByRole('img', { name: /Histogram of 23 average scores .* cut points at 0\.200, 0\.400/ }),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Draw the rating sample' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(atlas).getByRole('button', { name: 'Use N per bin = 4' }));
    expect(await screen.findByText('Will draw 40 rating tasks.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Draw the rating sample' }));
    expect(await screen.findByText('Drew the rating sample: 40 tasks, seed 424242.')).toBeTruthy();
    expect(api.writes).toEqual([
      {
        method: 'drawSample',
        request: expect.objectContaining({ task: 'rating', bins: 5, perBin: 4, seed: 424242, replace: false }),
      },
    ]);
  });

  it('draws a pairwise sample of the models ticked, with bins, N per bin, pairs per item and seed, as `sample --task pairwise` does', async () => {
    const api = new FakeApi('coordinator');
    api.sampleModels = ['atlas-7b', 'borealis-13b', 'cygnus-70b', 'delphi-8b', 'eos-3b'];
    const { user } = await renderMaster('Sample', api);
    await screen.findByLabelText('Seed');
    expect(screen.queryByLabelText('Pairs of models per item')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Pairwise sample' }));
    const form = screen.getByRole('form', { name: 'Comparison sample' });
    expect(screen.getByText(/^Items every chosen model answered are sorted by their difficulty/)).toBeTruthy();
    for (const model of ['atlas-7b', 'cygnus-70b', 'delphi-8b', 'eos-3b'])
      await user.click(within(form).getByRole('checkbox', { name: model }));
    const field = (label: string) => within(form).getByLabelText(label);
    for (const [label, value] of [
      ['Bins', '2'],
      ['N per bin', '3'],
      ['Pairs of models per item', '4'],
      ['Seed', '808'],
    ] as const) {
      await user.clear(field(label));
      await user.type(field(label), value);
    }
    // One preview of the items (not one per model); 2 bins × 3 items × 4 pairs.
    expect(await screen.findByText('Will draw 24 pairwise tasks.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preview for Items every one of the 4 models answered' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Draw the pairwise sample' }));
    expect(await screen.findByText('Drew the pairwise sample: 24 tasks, seed 808.')).toBeTruthy();
    expect(api.writes).toEqual([
      {
        method: 'drawSample',
        request: {
          task: 'pairwise',
          models: ['atlas-7b', 'cygnus-70b', 'delphi-8b', 'eos-3b'],
          metrics: [],
          bins: 2,
          perBin: 3,
          pairsPerItem: 4,
          seed: 808,
          disjoint: true,
          replace: false,
        },
      },
    ]);
  });

  it('asks before drawing a sample again, and keeps the old one when told to', async () => {
    const api = new FakeApi('coordinator');
    await api.drawSample({
      task: 'rating',
      models: [],
      metrics: [],
      bins: 5,
      perBin: 2,
      seed: 1,
      disjoint: true,
      replace: false,
    });
    api.writes.length = 0;
    const { user } = await renderMaster('Sample', api);
    const perBin = await screen.findByLabelText('N per bin');
    await user.clear(perBin);
    await user.type(perBin, '4');
    const again = (await screen.findByRole('button', { name: 'Draw the rating sample again…' })) as HTMLButtonElement;
    await waitFor(() => expect(again.disabled).toBe(false));
    await user.click(again);
    const dialog = await screen.findByRole('dialog', { name: 'Replace the sample?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the old sample' }));
    expect(api.writes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Draw the rating sample again…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace it' }));
    expect(await screen.findByText(/^Drew again the rating sample/)).toBeTruthy();
    expect(api.writes).toHaveLength(1);
  });

  it('refuses a redraw once packages were issued, saying why', async () => {
    const api = new FakeApi('coordinator');
    await api.drawSample({
      task: 'rating',
      models: [],
      metrics: [],
      bins: 5,
      perBin: 2,
      seed: 1,
      disjoint: true,
      replace: false,
    });
    api.packages.push({
      packageId: 'p',
      rater: 'Dr A',
      fileName: 'Dr-A.blindrate',
      tasks: 3,
      issuedAt: '2026-01-15T09:00:00.000Z',
      returnedAt: null,
      superseded: false,
    });
    await renderMaster('Sample', api);
    expect(await screen.findByText(/Packages were issued from this sample/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Draw the rating sample again…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('Raters and assignment screen', () => {
  it('puts each problem under its field: duplicate names under Rater names, a too-large overlap under overlap', async () => {
    const { user, api } = await renderMaster('Raters');
    const names = await screen.findByLabelText('Rater names');
    await user.type(names, 'Dr A{Enter}Dr A');
    const nameError = await screen.findByText('Rater names must differ: "Dr A" appears twice.', {}, JOB_WAIT);
    expect(names.getAttribute('aria-describedby')).toContain(nameError.id);

    await user.clear(names);
    await user.type(names, 'Dr A{Enter}Dr B');
    const overlap = screen.getByLabelText('Raters per output (overlap)');
    await user.type(overlap, '3');
    const overlapError = await screen.findByText(
      'The overlap (3) cannot exceed the number of raters (2).',
      {},
      JOB_WAIT,
    );
    expect(overlap.getAttribute('aria-describedby')).toContain(overlapError.id);
    expect(api.writes).toEqual([]);
  });

  it("previews each rater's load and the outputs each pair shares, then assigns", async () => {
    const api = new FakeApi('coordinator');
    await api.drawSample({
      task: 'rating',
      models: [],
      metrics: [],
      bins: 5,
      perBin: 3,
      seed: 1,
      disjoint: true,
      replace: false,
    });
    const { user } = await renderMaster('Raters', api);
    await user.type(await screen.findByLabelText('Rater names'), 'Dr A{Enter}Dr B{Enter}Dr C');
    await user.type(screen.getByLabelText('Raters per output (overlap)'), '2');
    const preview = await screen.findByRole('region', { name: 'Preview of the plan' });
    expect(
      within(preview).getByText(/each output rated by 2 rater\(s\), seed 77\. 30 outputs by 2 rater\(s\)/),
    ).toBeTruthy();
    const rowOf = (name: string) => within(preview).getByRole('rowheader', { name }).closest('tr')!.textContent;
    expect(rowOf('Dr A')).toBe('Dr A20–1010');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned 3 raters: Dr A 20 tasks, Dr B 20 tasks, Dr C 20 tasks.')).toBeTruthy();
    await waitFor(() => expect(api.writes.map((w) => w.method)).toEqual(['drawSample', 'assignRaters']));
    expect(api.writes[1]!.request).toMatchObject({ raters: ['Dr A', 'Dr B', 'Dr C'], overlap: 2, seed: 77 });
  });

  it('adds a rater to the stored plan with the mean load, leaving the others as they are; a name in the plan is refused', async () => {
    const api = await plannedMaster(['Dr A', 'Dr B', 'Dr C']);
    const { user } = await renderMaster('Raters', api);
    const joining = await screen.findByLabelText('Raters joining the plan');
    await user.type(joining, 'Dr B');
    expect(screen.getByText('Will add Dr B, each with about 20 tasks (the mean load now).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Dr B' }));
    const refusal = await screen.findByText('"Dr B" already has tasks in the plan.');
    expect(joining.getAttribute('aria-describedby')).toContain(refusal.id);

    await user.clear(joining);
    await user.type(joining, 'Dr D');
    await user.click(screen.getByRole('button', { name: 'Add Dr D' }));
    expect(await screen.findByText('Added Dr D (20 tasks) to the plan.')).toBeTruthy();
    const plan = await screen.findByRole('region', { name: 'The current plan' });
    await waitFor(() => expect(within(plan).getByRole('rowheader', { name: 'Dr D' })).toBeTruthy());
    expect(api.writes).toEqual([{ method: 'addRaters', request: { raters: ['Dr D'] } }]);
    expect(screen.queryByLabelText('Reason for the deviation')).toBeNull();
  });

  it('after the seal, asks for the reason for the deviation: refused without it, recorded with it (as --deviation-reason)', async () => {
    const api = await plannedMaster(['Dr A', 'Dr B', 'Dr C']);
    await api.sealProtocol();
    api.writes.length = 0;
    const { user } = await renderMaster('Raters', api);
    const form = await screen.findByRole('form', { name: 'Add raters to the plan' });
    const reason = await within(form).findByLabelText('Reason for the deviation');
    await user.type(within(form).getByLabelText('Raters joining the plan'), 'Dr D');
    await user.click(within(form).getByRole('button', { name: 'Add Dr D' }));
    // The service's refusal is placed under the reason's field, not under the names.
    const refusal = await within(form).findByText(/give the reason for the deviation to record it/);
    expect(reason.getAttribute('aria-describedby')).toContain(refusal.id);
    expect(api.writes).toEqual([]);

    await user.type(reason, '  Dr C left; Dr D takes over.  ');
    await user.click(within(form).getByRole('button', { name: 'Add Dr D' }));
    expect(await screen.findByText('Added Dr D (20 tasks) to the plan.')).toBeTruthy();
    expect(api.writes).toEqual([
      { method: 'addRaters', request: { raters: ['Dr D'], deviationReason: 'Dr C left; Dr D takes over.' } },
    ]);
    expect(api.seal?.deviations).toBe(1);
    expect((reason as HTMLTextAreaElement).value).toBe('');
  });
});
