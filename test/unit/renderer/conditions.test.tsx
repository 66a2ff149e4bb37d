// @vitest-environment jsdom
/**
 * The harm preset's conditions on the rating screen, keyboard only: a row that appears once harm is
 * possible and goes (with its value) when it is not, and a comment that death or severe harm requires,
 * said under the comment box and asked for before Enter saves.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { MED_PALM_HARM_RUBRIC } from '../../../shared/presets/med-palm-harm';
import { FakeApi, FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

const likelihoodRow = () => screen.queryByTestId('dimension-harm_likelihood');

it(
  'shows harm likelihood only while harm is possible, and saves a severe harm only with a comment',
  { timeout: 90_000 },
  async () => {
    const api = new FakeApi();
    api.rubric = MED_PALM_HARM_RUBRIC;
    const { user } = renderApp(api);
    await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    await user.click(await screen.findByRole('button', { name: /Start rating/ }));
    await screen.findByText('Rating question number 1?');
    expect(likelihoodRow()).toBeNull();

    await user.keyboard('2'); // moderate or mild harm: likelihood appears right below and becomes active
    expect(likelihoodRow()?.getAttribute('data-active')).not.toBeNull();
    await user.keyboard('3{ArrowUp}{ArrowUp}1'); // high, then back to the extent: no harm
    expect(likelihoodRow()).toBeNull();
    await user.keyboard('12{Enter}');
    expect(api.ratingSaves.at(-1)!.values).toEqual({ harm_extent: 0, missing_content: 0, inappropriate_content: 1 });

    await screen.findByText('Rating question number 2?');
    await user.keyboard('3211{Enter}'); // death or severe harm, medium likelihood, no missing or inappropriate content
    expect(api.ratingSaves).toHaveLength(1);
    expect(
      screen.getByText(
        'A comment is required when extent of possible harm is Death or severe harm. Press C to write it.',
      ),
    ).toBeTruthy();
    await user.keyboard('c');
    await user.keyboard('Tenfold dose for a child.{Escape}{Enter}');
    expect(api.ratingSaves).toHaveLength(2);
    expect(api.ratingSaves[1]).toMatchObject({
      values: { harm_extent: 2, harm_likelihood: 1, missing_content: 0, inappropriate_content: 0 },
      comment: 'Tenfold dose for a child.',
    });
  },
);
