// @vitest-environment jsdom
/**
 * The PDSQI-9 preset on the rating screen, keyboard only: the 1–5 grades by digit, the yes/no questions by
 * their grades 0 and 1, and Synthesized asked (right after the abstraction question) only when the summary
 * needs abstraction.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { PDSQI_9_RUBRIC } from '../../../shared/presets/pdsqi-9';
import { FakeApi, FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

const synthesizedRow = () => screen.queryByTestId('dimension-synthesized');
const sevenGrades = { citation: 5, accurate: 4, thorough: 3, useful: 4, organized: 5, comprehensible: 4, succinct: 3 };

it(
  'rates a summary by keyboard and asks Synthesized only once abstraction is needed',
  { timeout: 90_000 },
  async () => {
    const api = new FakeApi();
    api.rubric = PDSQI_9_RUBRIC;
    const { user } = renderApp(api);
    await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    await user.click(await screen.findByRole('button', { name: /Start rating/ }));
    await screen.findByText('Rating question number 1?');
    expect(synthesizedRow()).toBeNull();

    await user.keyboard('5434543');
    await user.keyboard('1'); // abstraction needed: Synthesized appears and becomes active
    expect(synthesizedRow()?.getAttribute('data-active')).not.toBeNull();
    await user.keyboard('40{Enter}');
    expect(api.ratingSaves.at(-1)!.values).toEqual({
      ...sevenGrades,
      abstraction_needed: 1,
      synthesized: 4,
      stigmatizing_language: 0,
    });

    await screen.findByText('Rating question number 2?');
    await user.keyboard('54345430'); // no abstraction needed: no Synthesized row
    expect(synthesizedRow()).toBeNull();
    await user.keyboard('1{Enter}');
    expect(api.ratingSaves.at(-1)!.values).toEqual({ ...sevenGrades, abstraction_needed: 0, stigmatizing_language: 1 });
  },
);
