// @vitest-environment jsdom
/**
 * The adjudicator's pairwise screen: an adjudication package's comparison asks only its disputed rows (the
 * overall choice and/or pairwise aspects, in the package's order), each with the raters' values as
 * "Rater 1: A" and the reason and guideline-gap keys of the active row. The save sends the overall choice
 * only when it is disputed, never the both-unacceptable mark (not adjudicated), exactly the disputed
 * aspects, and the marks of the disputed rows.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useTask } from '../../../renderer/src/stores/task';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { FakeApi, FAKE_PASSPHRASE, rated } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

/**
 * Three comparisons on a rubric with three pairwise aspects: comparison 1 disputes two aspects (listed out of
 * rubric order) and not the overall choice, comparison 2 the overall choice alone, comparison 3 one aspect
 * (relevance).
 */
function pairwiseAdjudicationApp() {
  const api = new FakeApi();
  api.rubric = { ...MEDISUMQA_RUBRIC, pairwise: { aspects: ['factuality', 'patient_friendliness', 'relevance'] } };
  api.addPairwiseTasks(3);
  api.dispute({
    'pairwise-1': [
      { dimension: 'patient_friendliness', shown: rated(['A', 'B']), reason: null, guidelineGap: false },
      { dimension: 'factuality', shown: rated(['B', 'T', 'B']), reason: null, guidelineGap: false },
    ],
    'pairwise-2': [{ dimension: 'pairwise', shown: rated(['A', 'B', 'T']), reason: null, guidelineGap: false }],
    'pairwise-3': [{ dimension: 'relevance', shown: rated(['T', 'A']), reason: null, guidelineGap: false }],
  });
  return renderApp(api);
}

async function openComparisons(user: UserEvent) {
  await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
  await user.click(await screen.findByRole('button', { name: /Start comparison/ }));
  await screen.findByRole('heading', { name: 'Adjudication 1 of 3' });
}

/** The rows on screen by their test ids, in order. */
function shownRows(): string[] {
  return [...document.querySelectorAll('fieldset.choice')].map((f) => f.getAttribute('data-testid') ?? '');
}

function activeRow(): string {
  return document.querySelector('fieldset.choice[data-active]')?.getAttribute('data-testid') ?? '';
}

function ratersValues(label: string): string[] {
  return within(screen.getByRole('list', { name: `${label}: the raters' values` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('Pairwise adjudication screen', () => {
  it("shows only the disputed rows, in the package's order, each with the raters' values as Rater 1…n", async () => {
    const { user } = pairwiseAdjudicationApp();
    await openComparisons(user);
    expect(screen.getByText('Comparison question number 1?')).toBeTruthy();
    expect(screen.getByText('Left answer 1.')).toBeTruthy();
    expect(shownRows()).toEqual(['choice-aspect-patient_friendliness', 'choice-aspect-factuality']);
    expect(screen.queryByRole('group', { name: /Overall/ })).toBeNull();
    expect(ratersValues('Patient-friendliness')).toEqual(['Rater 1: A', 'Rater 2: B']);
    expect(ratersValues('Factuality')).toEqual(['Rater 1: B', 'Rater 2: T', 'Rater 3: B']);
    expect(activeRow()).toBe('choice-aspect-patient_friendliness');
  });

  it('by keyboard: letters answer the active row, Shift keys mark it; the save sends the disputed aspects and their marks, no overall choice and no both-unacceptable mark', async () => {
    const { api, user } = pairwiseAdjudicationApp();
    await openComparisons(user);
    // B settles patient-friendliness and moves on; Shift+3 tags factuality, the active row now.
    await user.keyboard('b{Shift>}3{/Shift}');
    expect(activeRow()).toBe('choice-aspect-factuality');
    await user.keyboard('{ArrowUp}{Shift>}G{/Shift}{ArrowDown}t');
    const factualityReason = screen.getByRole('group', { name: /Factuality: reason/ });
    expect(within(factualityReason).getByRole('radio', { name: /Genuine clinical disagreement/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: /Patient-friendliness: guideline gap/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: /Factuality: guideline gap/ })).toHaveProperty('checked', false);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Adjudication 2 of 3' })).toBeTruthy();
    expect(api.pairwiseSaves).toEqual([
      {
        assignmentId: 'pairwise-1',
        choice: null,
        bothUnacceptable: null,
        aspects: { patient_friendliness: 'B', factuality: 'T' },
        comment: '',
        durationMs: expect.any(Number),
        marks: {
          patient_friendliness: { reason: null, guidelineGap: true },
          factuality: { reason: 'clinical_disagreement', guidelineGap: false },
        },
      },
    ]);
    // Back on it, the settled answer and its marks are shown as saved.
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('heading', { name: 'Adjudication 1 of 3' });
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(screen.getByRole('checkbox', { name: /Patient-friendliness: guideline gap/ })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('a disputed overall choice with no disputed aspect is one row, and its save carries no aspects', async () => {
    const { api, user } = pairwiseAdjudicationApp();
    await openComparisons(user);
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: 'Adjudication 2 of 3' })).toBeTruthy();
    expect(shownRows()).toEqual(['choice-preference']);
    expect(screen.getByRole('group', { name: 'Which answer is better?' })).toBeTruthy();
    expect(ratersValues('Overall')).toEqual(['Rater 1: A', 'Rater 2: B', 'Rater 3: T']);
    await user.keyboard('a{Shift>}1{/Shift}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Adjudication 3 of 3' })).toBeTruthy();
    expect(api.pairwiseSaves).toEqual([
      {
        assignmentId: 'pairwise-2',
        choice: 'A',
        bothUnacceptable: null,
        comment: '',
        durationMs: expect.any(Number),
        marks: { pairwise: { reason: 'misread_answer', guidelineGap: false } },
      },
    ]);
  });

  it('has no both-unacceptable toggle: neither on screen nor in the legend, and X changes nothing', async () => {
    const { api, user } = pairwiseAdjudicationApp();
    await openComparisons(user);
    expect(screen.queryByRole('checkbox', { name: /Both answers are unacceptable/ })).toBeNull();
    const legend = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    expect(legend.textContent).not.toContain('Both answers unacceptable');
    // On a saved task any change would read "Changed, not saved yet"; X must leave it saved.
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('heading', { name: 'Adjudication 2 of 3' });
    await user.keyboard('b{Enter}');
    await screen.findByRole('heading', { name: 'Adjudication 3 of 3' });
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('heading', { name: 'Adjudication 2 of 3' });
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    await user.keyboard('x');
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(api.pairwiseSaves.map((save) => save.bothUnacceptable)).toEqual([null]);
  });

  it('an incomplete answer is not saved: Enter names the rows still to choose and goes to the first', async () => {
    const { api, user } = pairwiseAdjudicationApp();
    await openComparisons(user);
    expect(screen.getByText('Still to choose: Patient-friendliness, Factuality.')).toBeTruthy();
    await user.keyboard('b{ArrowUp}{Enter}');
    expect(api.pairwiseSaves).toHaveLength(0);
    expect(screen.getByText('Still to choose: Factuality.')).toBeTruthy();
    expect(activeRow()).toBe('choice-aspect-factuality');
    expect(screen.getByRole('button', { name: /Save and next/ })).toHaveProperty('disabled', true);
    // The store refuses it too, whoever asks, with a sentence on screen.
    await act(() => useTask.getState().save());
    expect(api.pairwiseSaves).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toContain('Choose on every disputed row first.');
  });

  it('the legend and the help (H) list the disputed rows and the reason and guideline-gap keys', async () => {
    const { user } = pairwiseAdjudicationApp();
    await openComparisons(user);
    const legend = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    const moves = 'Previous / next row (Patient-friendliness, Factuality)';
    const reasons =
      'Reason for the disagreement (active dimension): 1 Misread answer / 2 Rubric ambiguity / 3 Genuine clinical disagreement / 4 Error';
    const gap = 'Guideline gap on / off (active dimension)';
    for (const text of [moves, reasons, gap]) expect(within(legend).getByText(text)).toBeTruthy();
    await user.keyboard('h');
    const dialog = await screen.findByRole('dialog', { name: 'Instructions and keys' });
    for (const text of [moves, reasons, gap]) expect(within(dialog).getByText(text)).toBeTruthy();
  });
});
