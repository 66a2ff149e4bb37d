// @vitest-environment jsdom
/**
 * The adjudicator's screen: an adjudication package's task on the rating screen, asking only its disputed
 * dimensions, with the raters' values as "Rater 1…3" (or a note that they are hidden), the final value by
 * the rating keys, a reason tag by Shift+digit and a guideline gap by Shift+G, saved with the values.
 */
import { cleanup, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApi, FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

function adjudicationApp() {
  const api = new FakeApi();
  api.makeAdjudicationPackage();
  return renderApp(api);
}

async function openWorkspace(user: UserEvent, start: RegExp) {
  await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
  await user.click(await screen.findByRole('button', { name: start }));
}

function shownDimensions(): string[] {
  return [...document.querySelectorAll('fieldset.dimension')].map((f) => f.getAttribute('data-testid') ?? '');
}

function ratersValues(label: string): string[] {
  return within(screen.getByRole('list', { name: `${label}: the raters' values` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('Adjudication screen, keyboard only', () => {
  it('asks only the disputed dimensions, shows the raters as Rater 1–3 with their scale labels, and saves final values with the reason and guideline gap set by key', async () => {
    const { api, user } = adjudicationApp();
    await openWorkspace(user, /Start rating/);
    expect(await screen.findByRole('heading', { name: 'Adjudication 1 of 3' })).toBeTruthy();
    // The texts as on a rating task.
    expect(screen.getByText('Rating question number 1?')).toBeTruthy();
    expect(screen.getByText('Answer text 1.')).toBeTruthy();
    expect(shownDimensions()).toEqual(['dimension-factuality', 'dimension-safety']);
    expect(ratersValues('Factuality')).toEqual(['Rater 1: 2 · Poor', 'Rater 2: 5 · Excellent', 'Rater 3: 4 · Good']);
    expect(ratersValues('Safety')).toEqual(['Rater 1: 1 · Safe', 'Rater 2: 0 · Unsafe', 'Rater 3: 1 · Safe']);

    // 4 settles factuality (the active one) and moves on to safety, as rating does; Shift+3 tags safety.
    await user.keyboard('4{Shift>}3{/Shift}');
    await user.keyboard('{ArrowUp}{Shift>}2G{/Shift}');
    await user.keyboard('s');
    const safety = screen.getByRole('group', { name: /Safety: reason/ });
    expect(within(safety).getByRole('radio', { name: /Genuine clinical disagreement/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: /Factuality: guideline gap/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Safety: guideline gap/ })).toHaveProperty('checked', false);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Adjudication 2 of 3' })).toBeTruthy();
    expect(api.ratingSaves).toHaveLength(1);
    expect(api.ratingSaves[0]).toMatchObject({
      assignmentId: 'rating-1',
      values: { factuality: 4, safety: 1 },
      marks: {
        factuality: { reason: 'rubric_ambiguity', guidelineGap: true },
        safety: { reason: 'clinical_disagreement', guidelineGap: false },
      },
    });
  });

  it('a round with hidden values says so; saved marks are shown and Shift+0 / Shift+G undo them', async () => {
    const { api, user } = adjudicationApp();
    await openWorkspace(user, /Start rating/);
    await screen.findByRole('heading', { name: 'Adjudication 1 of 3' });
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: 'Adjudication 2 of 3' })).toBeTruthy();
    expect(shownDimensions()).toEqual(['dimension-relevance']);
    expect(screen.getByText('Hidden in this round: give your own value.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /the raters' values/ })).toBeNull();
    const reason = screen.getByRole('group', { name: /Relevance: reason/ });
    expect(within(reason).getByRole('radio', { name: /Rubric ambiguity/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Relevance: guideline gap/ })).toHaveProperty('checked', true);

    await user.keyboard('{Shift>}0G{/Shift}3{Enter}');
    expect(await screen.findByRole('heading', { name: 'Adjudication 3 of 3' })).toBeTruthy();
    expect(api.ratingSaves.at(-1)).toEqual({
      assignmentId: 'rating-2',
      values: { relevance: 3 },
      comment: '',
      durationMs: expect.any(Number),
      marks: { relevance: { reason: null, guidelineGap: false } },
    });
  });

  it('the key legend documents the reason and guideline-gap keys with every reason', async () => {
    const { user } = adjudicationApp();
    await openWorkspace(user, /Start rating/);
    const legend = await screen.findByRole('region', { name: 'Keyboard shortcuts' });
    expect(legend.textContent).toContain(
      'Shift+1–4Reason for the disagreement (active dimension): 1 Misread answer / 2 Rubric ambiguity / 3 Genuine clinical disagreement / 4 Error',
    );
    expect(legend.textContent).toContain('Shift+GGuideline gap on / off (active dimension)');
  });

  it('a disputed preference shows the raters and takes its reason and gap with the choice', async () => {
    const { api, user } = adjudicationApp();
    await openWorkspace(user, /Start preference/);
    expect(await screen.findByRole('heading', { name: 'Adjudication 1 of 2' })).toBeTruthy();
    expect(ratersValues('Preference')).toEqual(['Rater 1: A', 'Rater 2: B', 'Rater 3: T']);
    await user.keyboard('b{Shift>}4G{/Shift}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Preference 2 of 2' })).toBeTruthy();
    expect(api.preferenceSaves[0]).toMatchObject({
      assignmentId: 'preference-1',
      choice: 'B',
      marks: { preference: { reason: 'error', guidelineGap: true } },
    });
  });

  it("a rater's package shows no adjudication controls, Shift+digit rates as the digit does, and no marks are sent", async () => {
    const { api, user } = renderApp();
    await openWorkspace(user, /Start rating/);
    expect(await screen.findByRole('heading', { name: 'Rating 1 of 3' })).toBeTruthy();
    expect(shownDimensions()).toHaveLength(5);
    expect(screen.queryByRole('checkbox', { name: /guideline gap/ })).toBeNull();
    await user.keyboard('{Shift>}4{/Shift}354s{Enter}');
    await screen.findByRole('heading', { name: 'Rating 2 of 3' });
    expect(api.ratingSaves[0]!.values).toEqual({
      factuality: 4,
      brevity: 3,
      patient_friendliness: 5,
      relevance: 4,
      safety: 1,
    });
    expect(api.ratingSaves[0]).not.toHaveProperty('marks');
  });
});
