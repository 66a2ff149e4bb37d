// @vitest-environment jsdom
/**
 * The pairwise rating screen by keyboard: a plain comparison is one letter and Enter; with the rubric's
 * pairwise aspects, the overall choice and each aspect are rows, the letters answer the active row and move
 * on, ↑/↓ and Tab move between rows, Enter saves only once every row is chosen; the legend and the help list it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { FakeApi, FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

function pairwiseApi(aspects?: string[]): FakeApi {
  const api = new FakeApi();
  api.addPairwiseTasks(2);
  if (aspects) api.rubric = { ...MEDISUMQA_RUBRIC, pairwise: { aspects } };
  return api;
}

async function openComparisons(user: UserEvent) {
  await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
  await user.click(await screen.findByRole('button', { name: /Start comparison/ }));
  await screen.findByText('Comparison question number 1?');
}

/** The name of the active row's radio group ('preference' for the overall choice), '' when none is marked. */
function activeRow(): string {
  return document.querySelector('fieldset.choice[data-active]')?.getAttribute('data-testid') ?? '';
}

const checked = (row: string) =>
  (document.querySelector(`input[name="${row}"]:checked`) as HTMLInputElement | null)?.value ?? null;

describe('Pairwise workspace without aspects', () => {
  it('is one letter and Enter per pair; X marks both unacceptable; no row is marked active', async () => {
    const { api, user } = renderApp(pairwiseApi());
    await openComparisons(user);
    expect(document.querySelectorAll('fieldset.choice')).toHaveLength(1);
    expect(activeRow()).toBe('');
    await user.keyboard('b{Enter}');
    expect(await screen.findByText('Comparison question number 2?')).toBeTruthy();
    await user.keyboard('x');
    expect((screen.getByRole('checkbox', { name: /Both answers are unacceptable/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.keyboard('t{Enter}');
    await screen.findByRole('heading', { name: 'Finish' });
    expect(api.pairwiseSaves).toEqual([
      expect.objectContaining({ assignmentId: 'pairwise-1', choice: 'B', bothUnacceptable: false }),
      expect.objectContaining({ assignmentId: 'pairwise-2', choice: 'T', bothUnacceptable: true }),
    ]);
    // A plain comparison's save carries no aspects at all.
    expect(api.pairwiseSaves.every((save) => !('aspects' in save))).toBe(true);
  });
});

describe('Pairwise workspace with aspects', () => {
  it('letters answer the active row and move on, ↑/↓ move between rows, Enter saves once all are chosen', async () => {
    const { api, user } = renderApp(pairwiseApi(['factuality', 'patient_friendliness']));
    await openComparisons(user);
    expect(screen.getByRole('group', { name: /Overall: which answer is better\?/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: /Factuality: which answer is better\?/ })).toBeTruthy();
    expect(activeRow()).toBe('choice-preference');

    await user.keyboard('a');
    expect(checked('preference')).toBe('A');
    expect(activeRow()).toBe('choice-aspect-factuality');
    await user.keyboard('{Enter}');
    expect(api.pairwiseSaves).toHaveLength(0);
    expect(screen.getByText('Still to choose: Factuality, Patient-friendliness.')).toBeTruthy();

    await user.keyboard('b');
    expect(activeRow()).toBe('choice-aspect-patient_friendliness');
    await user.keyboard('{ArrowUp}t');
    expect(checked('aspect-factuality')).toBe('T');
    expect(activeRow()).toBe('choice-aspect-patient_friendliness');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(activeRow()).toBe('choice-preference');
    // Enter on an incomplete answer makes the first row without a choice active.
    await user.keyboard('{Enter}');
    expect(activeRow()).toBe('choice-aspect-patient_friendliness');
    expect(api.pairwiseSaves).toHaveLength(0);

    await user.keyboard('b{Enter}');
    expect(await screen.findByText('Comparison question number 2?')).toBeTruthy();
    expect(api.pairwiseSaves[0]).toMatchObject({
      assignmentId: 'pairwise-1',
      choice: 'A',
      aspects: { factuality: 'T', patient_friendliness: 'B' },
    });
    // The next comparison starts again at the overall choice.
    expect(activeRow()).toBe('choice-preference');
    expect(checked('aspect-factuality')).toBeNull();

    // Back on the saved one: its aspects are shown as saved, and the rows without a choice are none.
    await user.keyboard('{ArrowLeft}');
    await screen.findByText('Comparison question number 1?');
    await waitFor(() => expect(checked('aspect-patient_friendliness')).toBe('B'));
    expect(checked('aspect-factuality')).toBe('T');
    expect(screen.getByText('Saved.')).toBeTruthy();
  });

  it('Tab moves the focus to the next row, which becomes the active one', async () => {
    const { api, user } = renderApp(pairwiseApi(['factuality', 'patient_friendliness']));
    await openComparisons(user);
    const rows = [...document.querySelectorAll('fieldset.choice')] as HTMLElement[];
    within(rows[0]!).getAllByRole('radio')[0]!.focus();
    expect(activeRow()).toBe('choice-preference');
    await user.keyboard('{Tab}');
    expect(activeRow()).toBe('choice-aspect-factuality');
    expect(rows[1]!.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Tab}');
    expect(activeRow()).toBe('choice-aspect-patient_friendliness');
    await user.keyboard('b{Shift>}{Tab}{/Shift}');
    expect(activeRow()).toBe('choice-aspect-factuality');
    await user.keyboard('a');
    expect(checked('aspect-factuality')).toBe('A');
    expect(checked('aspect-patient_friendliness')).toBe('B');
    expect(checked('preference')).toBeNull();
    expect(api.pairwiseSaves).toHaveLength(0);
  });

  it('the legend and the help (H) list the row keys and the aspects', async () => {
    const { user } = renderApp(pairwiseApi(['factuality', 'patient_friendliness']));
    await openComparisons(user);
    const legend = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    const rowKeys = 'Active row: Answer A better / Tie / Answer B better, then the next row';
    const moves = 'Previous / next row (overall, Factuality, Patient-friendliness)';
    expect(within(legend).getByText(rowKeys)).toBeTruthy();
    expect(within(legend).getByText(moves)).toBeTruthy();
    expect(within(legend).getByText('Both answers unacceptable (on / off)')).toBeTruthy();
    await user.keyboard('h');
    const dialog = await screen.findByRole('dialog', { name: 'Instructions and keys' });
    expect(within(dialog).getByText(rowKeys)).toBeTruthy();
    expect(within(dialog).getByText(moves)).toBeTruthy();
    // Keys pressed while the help is open choose nothing.
    await user.keyboard('a');
    expect(checked('preference')).toBeNull();
  });
});
