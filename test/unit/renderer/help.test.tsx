// @vitest-environment jsdom
/**
 * Study instructions (issue 21): shown before the rater's first task and on H or ? at any time, with the
 * keys of the screen; the Markdown is drawn as text (no HTML, no link or image that could open or load).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeApi, FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

const INSTRUCTIONS = [
  '# Before you start',
  '',
  'Rate **each** answer on its own.',
  '',
  '- Read the summary first',
  '- See [the protocol](https://example.org/protocol) <img src=x onerror="window.hacked=1">',
].join('\n');

function withInstructions(): FakeApi {
  const api = new FakeApi();
  api.instructions = INSTRUCTIONS;
  return api;
}

describe('Instructions and keys', () => {
  it('open by themselves before the first task, drawn safely; Esc closes; H and ? open them again with the keys', async () => {
    const { user } = renderApp(withInstructions());
    await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    await user.click(await screen.findByRole('button', { name: /Start rating/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Instructions and keys' });
    expect(within(dialog).getByRole('heading', { name: 'Before you start', level: 3 })).toBeTruthy();
    expect(within(dialog).getByText('each').tagName).toBe('STRONG');
    expect(within(dialog).getByText(/the protocol \(https:\/\/example\.org\/protocol\)/).textContent).toContain(
      '<img src=x onerror="window.hacked=1">',
    );
    expect(dialog.querySelector('a, img, script')).toBeNull();
    // The keys of the rating screen, the task's own rubric keys included.
    expect(within(dialog).getByText('Save and go to next')).toBeTruthy();
    expect(within(dialog).getByText('Safety: Unsafe / Safe')).toBeTruthy();
    // Keys typed while it is open rate nothing.
    await user.keyboard('4');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('fieldset.dimension[data-active]')?.getAttribute('data-testid')).toBe(
      'dimension-factuality',
    );

    await user.keyboard('h');
    expect(await screen.findByRole('dialog', { name: 'Instructions and keys' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Instructions and keys' })).toBeTruthy();
  });

  it('do not open by themselves again once read in this session, nor for a study without instructions', async () => {
    const api = withInstructions();
    const { user } = renderApp(api);
    await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    await user.click(await screen.findByRole('button', { name: /Read the study instructions/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: /Start rating/ }));
    await screen.findByText('Rating question number 1?');
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    const { user: second } = renderApp(new FakeApi());
    await second.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    await second.click(await screen.findByRole('button', { name: /Start rating/ }));
    await screen.findByText('Rating question number 1?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
