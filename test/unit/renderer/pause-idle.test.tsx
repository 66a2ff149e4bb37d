// @vitest-environment jsdom
/**
 * Breaks that are breaks (issue 21): P hides the texts and stops the task clock; the study's idle minutes
 * do the same by themselves, then lock the study. The saved durationMs leaves every pause out. Time is
 * a fake clock (performance.now and the idle check's interval), never a real wait.
 */
import { act, cleanup, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_IDLE } from '../../../shared/rubric';
import { FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

const MINUTE = 60_000;
let now = 0;

beforeEach(() => {
  now = 1_000_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The fake clock moves on and the idle check runs as often as it would have meanwhile. */
function wait(ms: number) {
  act(() => {
    for (let step = 0; step < ms; step += 1_000) {
      now += 1_000;
      vi.advanceTimersByTime(1_000);
    }
  });
}

async function openFirstTask(user: UserEvent) {
  await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
  await user.click(await screen.findByRole('button', { name: /Start rating/ }));
  await screen.findByText('Rating question number 1?');
}

describe('Pause and idle times', () => {
  it('P hides question, context and answer and stops the clock; P again goes on; the saved duration leaves the pause out', async () => {
    const { api, user } = renderApp();
    await openFirstTask(user);
    now += 40_000;
    await user.keyboard('43');
    await user.keyboard('p');
    expect(await screen.findByRole('heading', { name: 'Paused' })).toBeTruthy();
    expect(screen.queryByText('Rating question number 1?')).toBeNull();
    expect(screen.queryByText('Answer text 1.')).toBeNull();
    expect(screen.queryByText(/penicillin allergy/)).toBeNull();
    // Keys do not rate unseen while paused (the values saved below show the 1 went nowhere).
    await user.keyboard('1');

    now += 20 * MINUTE; // a coffee break
    await user.keyboard('p');
    expect(await screen.findByText('Rating question number 1?')).toBeTruthy();
    now += 25_000;
    await user.keyboard('54s{Enter}');
    await screen.findByText('Rating question number 2?');
    expect(api.ratingSaves).toEqual([
      expect.objectContaining({
        values: { factuality: 4, brevity: 3, patient_friendliness: 5, relevance: 4, safety: 1 },
        durationMs: 65_000,
      }),
    ]);
  });

  it('after the idle minutes the task pauses by itself from the last activity on, then the study locks and asks for the passphrase', async () => {
    const { api, user } = renderApp();
    await openFirstTask(user);
    now += 30_000;
    await user.keyboard('4354'); // the last activity
    wait(DEFAULT_IDLE.pauseAfterMinutes * MINUTE - 2_000);
    expect(screen.getByText('Rating question number 1?')).toBeTruthy();
    wait(2_000);
    expect(screen.getByRole('heading', { name: 'Paused' })).toBeTruthy();
    expect(screen.queryByText('Rating question number 1?')).toBeNull();

    // Back after a while: the idle minutes before the pause do not count either.
    wait(3 * MINUTE);
    await user.click(screen.getByRole('button', { name: /Go on/ }));
    now += 10_000;
    await user.keyboard('s{Enter}');
    await screen.findByText('Rating question number 2?');
    expect(api.ratingSaves.at(-1)).toMatchObject({ assignmentId: 'rating-1', durationMs: 40_000 });

    wait(DEFAULT_IDLE.lockAfterMinutes * MINUTE);
    expect(await screen.findByLabelText('Passphrase')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      `BlindRate locked the study after ${DEFAULT_IDLE.lockAfterMinutes} minutes without activity`,
    );
    expect(screen.queryByText('Rating question number 2?')).toBeNull();
  });
});
