import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { installTransfer } from '../../../../renderer/src/api/transfer';
import { useCoordinator } from '../../../../renderer/src/stores/coordinator';
import { FakeApi } from '../fake-api';
import { FAKE_MASTER_PASSPHRASE } from '../fake-coordinator';
import { renderApp } from '../render-app';

/** Waits that cover a scripted job's polls (every 250 ms). */
export const JOB_WAIT = { timeout: 4000 };

/** The whole app on a fake master, unlocked by keyboard, on the coordinator step named `step` in the side navigation. */
export async function renderMaster(step?: string, api = new FakeApi('coordinator')) {
  useCoordinator.setState(useCoordinator.getInitialState(), true);
  // Mantine's Select scrolls its chosen option into view, which jsdom does not implement.
  Element.prototype.scrollIntoView ??= () => {};
  const download = vi.fn(async () => {});
  const view = renderApp(api);
  installTransfer({
    upload: async (file, purpose) => api.handleFor(file.name, file.size, purpose),
    dropped: null,
    download,
  });
  await view.user.type(await screen.findByLabelText('Passphrase'), `${FAKE_MASTER_PASSPHRASE}{Enter}`);
  expect(await screen.findByRole('heading', { name: "Raters' progress" })).toBeTruthy();
  if (step)
    await view.user.click(
      within(screen.getByRole('navigation', { name: 'Study steps' })).getByRole('button', { name: step }),
    );
  return { ...view, api, download };
}

/** The hidden file input a Choose button opens (browser mode uploads what it is given). */
export function fileInput(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

export function textFile(name: string, text: string): File {
  return new File([text], name, { type: 'text/plain' });
}

/** A fake master with a rating sample of 30 outputs and a plan (overlap 2) for `raters`; no writes recorded yet. */
export async function plannedMaster(raters = ['Dr A', 'Dr B']) {
  const api = new FakeApi('coordinator');
  api.jobSteps = 1;
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
  await api.assignRaters({
    raters,
    overlap: 2,
    seed: 3,
    qc: { repeats: 0, referenceControls: 0, calibration: 0 },
    calibrationFile: null,
    replace: false,
  });
  api.writes.length = 0;
  return api;
}
