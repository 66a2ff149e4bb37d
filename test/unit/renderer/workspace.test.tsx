// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_SHOWN_AFTER_MS } from '../../../renderer/src/stores/task';
import { LEAVE_STUDY_REQUEST, STAYED_IN_STUDY } from '../../../shared/transport';
import { FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

async function openWorkspace(user: UserEvent, resume: RegExp) {
  await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
  await user.click(await screen.findByRole('button', { name: resume }));
}

function activeDimension(): string {
  const active = document.querySelector('fieldset.dimension[data-active]');
  return active?.getAttribute('data-testid') ?? '';
}

describe('Rating workspace, keyboard only', () => {
  it('a calibration task says it is practice before it is rated; after saving it shows the expected rating and rationale; Enter continues to the next task', async () => {
    const { api, user } = renderApp();
    api.calibrationFeedback.set('rating-1', {
      expected: { factuality: 2, relevance: 4 },
      rationale: 'States the wrong dose.',
    });
    await openWorkspace(user, /Start rating/);
    expect(await screen.findByText('Rating question number 1?')).toBeTruthy();
    // Before it is rated, the task says it is practice (and nothing of the expected rating).
    const practice = screen.getByRole('note', { name: 'Practice task' });
    expect(practice.textContent).toContain('not part of the results');
    expect(practice.textContent).not.toContain('wrong dose');
    await user.keyboard('4354s{Enter}');
    const feedback = await screen.findByRole('region', { name: 'Calibration: the expected rating' });
    expect(within(feedback).getByText('States the wrong dose.')).toBeTruthy();
    expect(screen.getByText('Rating question number 1?')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Rating question number 2?')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Calibration: the expected rating' })).toBeNull();
    expect(screen.queryByRole('note', { name: 'Practice task' })).toBeNull();
    expect(api.ratingSaves).toHaveLength(1);
    // An ordinary task moves straight on.
    await user.keyboard('4354s{Enter}');
    expect(await screen.findByText('Rating question number 3?')).toBeTruthy();
  });

  it('digits rate the active dimension and advance; u/s rate safety; Enter saves, then shows the next task', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    expect(await screen.findByText('Rating question number 1?')).toBeTruthy();
    expect(activeDimension()).toBe('dimension-factuality');

    await user.keyboard('4');
    expect(activeDimension()).toBe('dimension-brevity');
    await user.keyboard('35');
    expect(activeDimension()).toBe('dimension-relevance');
    await user.keyboard('{ArrowUp}');
    expect(activeDimension()).toBe('dimension-patient_friendliness');
    await user.keyboard('2'); // overwrite patient-friendliness
    await user.keyboard('4s');
    const factuality = within(screen.getByTestId('dimension-factuality'));
    expect((factuality.getByRole('radio', { name: /Good/ }) as HTMLInputElement).checked).toBe(true);

    const release = api.holdSaves();
    await user.keyboard('{Enter}');
    // A save that lands quickly changes nothing on screen; one still pending after a moment says so.
    expect(screen.queryByText('Saving…')).toBeNull();
    expect(await screen.findByText('Saving…', {}, { timeout: BUSY_SHOWN_AFTER_MS * 3 })).toBeTruthy();
    // The save has not been acknowledged: the next task must not be on screen yet.
    expect(screen.queryByText('Rating question number 2?')).toBeNull();
    expect(screen.getByText('Rating question number 1?')).toBeTruthy();

    release();
    expect(await screen.findByText('Rating question number 2?')).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(1);
    expect(api.ratingSaves[0]).toMatchObject({
      assignmentId: 'rating-1',
      values: { factuality: 4, brevity: 3, patient_friendliness: 2, relevance: 4, safety: 1 },
    });
    expect(screen.getByText('Saved task 1.')).toBeTruthy();
  });

  it('keys pressed while a save is pending wait for it: a second Enter neither saves again nor skips a task', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('4354s');
    const release = api.holdSaves();
    await user.keyboard('{Enter}{Enter}u');
    expect(screen.queryByText('Saving…')).toBeNull();
    release();
    expect(await screen.findByText('Rating question number 2?')).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(1);
    const safety = within(screen.getByTestId('dimension-safety'));
    expect(safety.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    // Nor did the u change the task being saved: it is as it was saved.
    await user.keyboard('{ArrowLeft}');
    await screen.findByText('Rating question number 1?');
    const saved = within(screen.getByTestId('dimension-safety'));
    expect((saved.getByRole('radio', { name: /^Safe/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('Enter waits for the save alone: the next task was fetched while this one was on screen, the progress comes with the save', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    expect(await screen.findByText('Rating question number 1?')).toBeTruthy();
    await waitFor(() => expect(api.reads.at(-1)).toBe('getTask rating-2'));
    await user.keyboard('4354s');
    const readsBefore = api.reads.length;

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Rating question number 2?')).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(1);
    // Only the prefetch of the task after it, once task 2 has been painted.
    await waitFor(() => expect(api.reads.slice(readsBefore)).toEqual(['getTask rating-3']));
    expect(screen.getByText(/1 of \d+ done/)).toBeTruthy();
  });

  it('digit keys rate by their position on layouts that type other characters there (AZERTY)', async () => {
    const { user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    // AZERTY: the unshifted keys Digit4 and Digit2 type ' and é.
    fireEvent.keyDown(window, { key: "'", code: 'Digit4' });
    fireEvent.keyDown(window, { key: 'é', code: 'Digit2' });
    const factuality = within(screen.getByTestId('dimension-factuality'));
    const brevity = within(screen.getByTestId('dimension-brevity'));
    await waitFor(() =>
      expect((factuality.getByRole('radio', { name: /Good/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((brevity.getByRole('radio', { name: /Poor/ }) as HTMLInputElement).checked).toBe(true);
    expect(activeDimension()).toBe('dimension-patient_friendliness');
  });

  it('Enter does not save until every dimension is rated; it makes the first missing one active', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('4{ArrowDown}{ArrowDown}{Enter}');
    expect(activeDimension()).toBe('dimension-brevity');
    expect(screen.getByText(/Still to rate: Brevity, Patient-friendliness, Relevance, Safety/)).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(0);
    expect(screen.getByText('Rating question number 1?')).toBeTruthy();
  });

  it('editing an earlier rating saves it again with the new values', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('1111u{Enter}');
    await screen.findByText('Rating question number 2?');

    await user.keyboard('{ArrowLeft}');
    await screen.findByText('Rating question number 1?');
    const factuality = within(screen.getByTestId('dimension-factuality'));
    expect((factuality.getByRole('radio', { name: /Very poor/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('5{Enter}');
    await screen.findByText('Rating question number 2?');
    expect(api.ratingSaves.map((s) => s.values.factuality)).toEqual([1, 5]);
  });

  it('a failed save is announced as "Not saved" with what to do; the retry saves; a saved task revisited says "Saved."', async () => {
    const { api, user } = renderApp();
    const saveRating = api.saveRating.bind(api);
    let connected = false;
    api.saveRating = async (request) => {
      if (!connected) throw new Error('BlindRate lost its connection to the study file.');
      return saveRating(request);
    };
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('4354s');
    expect(screen.getByText('Ready to save.')).toBeTruthy();
    await user.keyboard('{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved')).toBeTruthy();
    expect(alert.textContent).toContain(
      'BlindRate lost its connection to the study file. Your answer is still here: press Enter to try again.',
    );
    expect(document.querySelector('.save-state[role="status"]')?.textContent).toBe('Not saved');
    expect(screen.getByText('Not saved: press Enter to try again.')).toBeTruthy();
    expect(screen.getByText('Rating question number 1?')).toBeTruthy();

    connected = true;
    await user.keyboard('{Enter}');
    await screen.findByText('Rating question number 2?');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.ratingSaves).toHaveLength(1);

    await user.keyboard('{ArrowLeft}');
    await screen.findByText('Rating question number 1?');
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(screen.queryByText('Ready to save.')).toBeNull();
    await user.keyboard('5');
    expect(screen.getByText('Changed, not saved yet: Enter saves.')).toBeTruthy();
  });

  it('Close study first saves a complete answer that was not saved yet, as Home and Finish do', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('3333s');

    await user.click(screen.getByRole('button', { name: 'Close study' }));
    expect(await screen.findByLabelText('Passphrase')).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(1);
    expect(api.ratingSaves[0]).toMatchObject({ assignmentId: 'rating-1', values: { factuality: 3, safety: 1 } });
  });

  it('opening another file (the shell asks to leave the study) saves a complete answer, then closes the study, then reloads', async () => {
    const { api, user, reloadPage } = renderApp();
    const calls: string[] = [];
    const saveRating = api.saveRating.bind(api);
    api.saveRating = (request) => (calls.push(`saveRating ${request.assignmentId}`), saveRating(request));
    api.closeStudy = async () => void calls.push('closeStudy');
    reloadPage.mockImplementation(() => calls.push('reload'));
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('3333s');

    fireEvent(window, new Event(LEAVE_STUDY_REQUEST));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(calls).toEqual(['saveRating rating-1', 'closeStudy', 'reload']);
    expect(api.ratingSaves[0]).toMatchObject({ values: { factuality: 3, safety: 1 } });
  });

  it('an incomplete answer is dropped when the shell asks to leave the study, as with Close study', async () => {
    const { api, user, reloadPage } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('33');

    fireEvent(window, new Event(LEAVE_STUDY_REQUEST));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(api.ratingSaves).toEqual([]);
  });

  it('if that save fails the study stays open with the error on screen, and the shell is told the page stays', async () => {
    const { api, user, reloadPage } = renderApp();
    const diskFull = 'The disk is full, so this was not saved.';
    api.saveRating = async () => {
      throw new Error(diskFull);
    };
    let closes = 0;
    api.closeStudy = async () => void (closes += 1);
    let stayed = 0;
    const onStayed = () => (stayed += 1);
    window.addEventListener(STAYED_IN_STUDY, onStayed);
    try {
      await openWorkspace(user, /Start rating/);
      await screen.findByText('Rating question number 1?');
      await user.keyboard('3333s');

      fireEvent(window, new Event(LEAVE_STUDY_REQUEST));
      expect((await screen.findByRole('alert')).textContent).toContain(diskFull);
      await waitFor(() => expect(stayed).toBe(1));
      expect(screen.getByText('Rating question number 1?')).toBeTruthy();
      expect(closes).toBe(0);
      expect(reloadPage).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener(STAYED_IN_STUDY, onStayed);
    }
  });

  it('c focuses the comment, Esc leaves it, f flags the task', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('c');
    const comment = screen.getByLabelText(/Comment/);
    expect(document.activeElement).toBe(comment);
    await user.keyboard('digits 12 stay here{Escape}');
    expect((comment as HTMLTextAreaElement).value).toBe('digits 12 stay here');
    expect(activeDimension()).toBe('dimension-factuality');

    await user.keyboard('f');
    expect(await screen.findByText('Flagged')).toBeTruthy();
    expect((await api.getTask('rating-1')).flagged).toBe(true);
  });
});

describe('Rating workspace, mouse then keyboard', () => {
  it('after clicking Flag with the mouse, Enter still saves instead of pressing Flag again', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');
    await user.keyboard('4444s');
    await user.click(screen.getByRole('button', { name: /Flag for later/ }));
    expect(await screen.findByText('Flagged')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Rating question number 2?')).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(1);
    expect((await api.getTask('rating-1')).flagged).toBe(true);
  });
});

describe('Preference workspace, keyboard only', () => {
  it('A / B / T choose, Enter saves the choice and opens the next pair', async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start preference/);
    expect(await screen.findByText('Preference question number 1?')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Answer A' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Answer B' })).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(api.preferenceSaves).toHaveLength(0);
    await user.keyboard('a');
    expect((screen.getByRole('radio', { name: /Answer A is better/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('t');
    expect((screen.getByRole('radio', { name: /Tie/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('b{Enter}');
    expect(await screen.findByText('Preference question number 2?')).toBeTruthy();
    expect(api.preferenceSaves[0]).toMatchObject({ assignmentId: 'preference-1', choice: 'B' });

    await user.keyboard('t{Enter}');
    await screen.findByRole('heading', { name: 'Finish' });
    expect(api.preferenceSaves.map((s) => s.choice)).toEqual(['B', 'T']);
  });
});

describe('Find in context', () => {
  it('"/" focuses find, matches are highlighted, Enter steps to the next and opens a folded section', async () => {
    const { user } = renderApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByText('Rating question number 1?');

    const fold = screen.getByRole('button', { name: /Discharge Instructions/ });
    await user.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('/');
    const find = screen.getByLabelText('Find in context');
    expect(document.activeElement).toBe(find);
    await user.keyboard('ALLERGY');
    await waitFor(() => expect(document.querySelectorAll('mark.find-match')).toHaveLength(2));
    expect(document.querySelector('mark[data-current]')?.textContent).toBe('allergy');
    expect(screen.getByText('Find: 1 of 2')).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(screen.getByText('Find: 2 of 2')).toBeTruthy();
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    const current = document.querySelector('mark[data-current]')!;
    expect(current.closest('[hidden]')).toBeNull();
    expect(current.parentElement?.textContent).toContain('ruled out');
  });
});
