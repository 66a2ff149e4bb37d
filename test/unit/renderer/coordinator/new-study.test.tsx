// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApi } from '../fake-api';
import { renderApp } from '../render-app';

afterEach(cleanup);

async function openNewStudy(api = new FakeApi('coordinator')) {
  const view = renderApp(api);
  await view.user.click(await screen.findByRole('button', { name: 'New study…' }));
  expect(await screen.findByRole('heading', { name: 'New study' })).toBeTruthy();
  return view;
}

describe('New study screen', () => {
  it('previews the chosen preset rubric and judges the passphrase as it is typed', async () => {
    const { user } = await openNewStudy();
    expect(await screen.findByRole('table', { name: /MeDiSumQA.*5 dimensions/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /CHQ-Summ/ }));
    expect(await screen.findByRole('table', { name: /CHQ-Summ.*3 dimensions/ })).toBeTruthy();

    await user.type(screen.getByLabelText('Passphrase'), 'short one');
    expect(await screen.findByText(/Strength 1 of 4: This is similar to a commonly used password/)).toBeTruthy();
    await user.type(screen.getByLabelText('Passphrase'), ' copper lantern');
    expect(await screen.findByText('Strength 4 of 4: strong enough.')).toBeTruthy();
    await user.type(screen.getByLabelText('Passphrase again'), 'short');
    expect(screen.getByText('The two passphrases differ.')).toBeTruthy();
  });

  it('offers the PDSQI-9 and QUEST presets, each previewed with its source', async () => {
    const { user } = await openNewStudy();
    await user.click(screen.getByRole('radio', { name: 'PDSQI-9 (clinical summaries) (preset)' }));
    expect(
      await screen.findByRole('table', { name: /PDSQI-9.*doi:10\.1093\/jamia\/ocaf068.*10 dimensions/ }),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'QUEST-organised clinical answer quality (preset)' }));
    const quest = await screen.findByRole('table', { name: /QUEST.*doi:10\.1038\/s41746-024-01258-7.*4 dimensions/ });
    expect(within(quest).getByRole('rowheader', { name: 'Safety and harm: Bias' })).toBeTruthy();
  });

  it("puts the service's refusal under the field it names and writes nothing", async () => {
    const api = new FakeApi('coordinator');
    const { user } = await openNewStudy(api);
    await user.type(screen.getByLabelText('Passphrase'), 'weak pass');
    await user.type(screen.getByLabelText('Passphrase again'), 'weak pass{Enter}');
    const message = await screen.findByText(/The study passphrase is too weak/);
    // Under the Passphrase field, tied to it for screen readers.
    expect(screen.getByLabelText('Passphrase').getAttribute('aria-describedby')).toContain(message.id);
    expect(api.writes).toEqual([]);
  });

  it('creates the study with the form’s choices, by keyboard, and opens its Import step', async () => {
    const api = new FakeApi('coordinator');
    const { user } = await openNewStudy(api);
    const fileName = screen.getByLabelText('File name');
    expect(document.activeElement).toBe(fileName);
    expect(screen.getByText(/Written into the workspace folder \/srv\/studies/)).toBeTruthy();
    await user.clear(fileName);
    await user.type(fileName, 'discharge.db');
    await user.tab();
    await user.keyboard('Discharge summaries');
    await user.type(screen.getByLabelText('Passphrase'), 'copper lantern orbit velvet');
    await user.type(screen.getByLabelText('Passphrase again'), 'copper lantern orbit velvet');
    expect(screen.getByText(/Will create discharge\.db named “Discharge summaries” with MeDiSumQA/)).toBeTruthy();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Import outputs' })).toBeTruthy();
    expect(api.writes).toEqual([
      {
        method: 'createStudy',
        request: {
          fileName: 'discharge.db',
          name: 'Discharge summaries',
          rubric: { preset: 'medisumqa' },
          passphrase: 'copper lantern orbit velvet',
          confirmation: 'copper lantern orbit velvet',
        },
      },
    ]);
    const steps = screen.getByRole('navigation', { name: 'Study steps' });
    expect(within(steps).getByRole('button', { name: 'Import' }).getAttribute('aria-current')).toBe('page');
  });
});
