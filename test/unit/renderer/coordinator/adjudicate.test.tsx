// @vitest-environment jsdom
/** The Adjudicate step by keyboard on a fake master: disputes per dimension, thresholds, refusals under their field, the package and its sheet. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_WAIT, plannedMaster, renderMaster } from './render-master';

afterEach(cleanup);

const disputedOf = (dimension: string) => {
  const table = screen.getByRole('table', { name: 'Disagreements per dimension' });
  const row = within(table).getByRole('row', { name: new RegExp(`^${dimension}`) });
  return within(row).getAllByRole('cell').at(-1)!.textContent;
};

describe('Adjudicate step', () => {
  it('shows the disputes per dimension and recounts them when the Likert threshold changes', async () => {
    const { user } = await renderMaster('Adjudicate', await plannedMaster());
    expect(await screen.findByText('10 disputes in 9 tasks would go to the adjudicator.')).toBeTruthy();
    expect([disputedOf('Factuality'), disputedOf('Safety'), disputedOf('Preference')]).toEqual(['6', '3', '1']);
    const threshold = screen.getByLabelText('Likert threshold (scale steps)');
    await user.clear(threshold);
    await user.type(threshold, '3');
    expect(await screen.findByText('6 disputes in 5 tasks would go to the adjudicator.')).toBeTruthy();
    expect(disputedOf('Factuality')).toBe('2');
  });

  it('refuses a rater as adjudicator under the field, then writes the package and shows its passphrase once', async () => {
    const { user, api, download } = await renderMaster('Adjudicate', await plannedMaster(['Dr A', 'Dr B']));
    await screen.findByRole('table', { name: 'Disagreements per dimension' });
    await user.type(screen.getByLabelText('Adjudicator'), 'Dr A');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        "Dr A is a rater of this study: an adjudicator settles the raters' disagreements and must be someone else.",
      ),
    ).toBeTruthy();
    expect(api.writes.filter((w) => w.method === 'startAdjudicate')).toEqual([]);

    await user.clear(screen.getByLabelText('Adjudicator'));
    await user.type(screen.getByLabelText('Adjudicator'), 'Dr E');
    await user.click(screen.getByRole('checkbox', { name: "Hide the raters' values (a fully blind second opinion)" }));
    await user.click(screen.getByRole('button', { name: 'Write the adjudication package' }));
    const sheet = await screen.findByRole('region', { name: 'Hand-over sheet for Dr E' }, JOB_WAIT);
    expect(within(sheet).getByText('amber willow seven harbor quiet lamp')).toBeTruthy();
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ name: 'Dr E adjudication.blindrate' }));
    expect(api.writes.filter((w) => w.method === 'startAdjudicate')).toEqual([
      {
        method: 'startAdjudicate',
        request: { adjudicator: 'Dr E', showRatings: false, thresholds: {}, passphrase: null },
      },
    ]);
    const rounds = await screen.findByRole('table', { name: 'Adjudication packages' });
    const row = within(rounds).getByRole('row', { name: /^Dr E/ });
    expect(within(row).getByText('hidden')).toBeTruthy();
    expect(within(row).getByText('not yet: merge it in Returns')).toBeTruthy();
  });

  it('refuses a typed passphrase another package was given, under the passphrase field', async () => {
    const api = await plannedMaster(['Dr A', 'Dr B']);
    await api.startPack({ raters: ['Dr A'] });
    const given = api.sheetOf('Dr A').passphrase;
    const { user } = await renderMaster('Adjudicate', api);
    await screen.findByRole('table', { name: 'Disagreements per dimension' });
    await user.type(screen.getByLabelText('Adjudicator'), 'Dr E');
    await user.click(screen.getByRole('radio', { name: 'Type one' }));
    await user.type(screen.getByLabelText('Passphrase'), given);
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('Passphrase');
    const message = await screen.findByText(/^The package passphrase was already given to rater Dr A's package/);
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
  });
});
