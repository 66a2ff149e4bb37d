// @vitest-environment jsdom
/** The Finish screen after locking: the lock receipt to read to the coordinator, and its Copy button. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_LOCK_RECEIPT, FAKE_PASSPHRASE } from './fake-api';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function lockFromFinish() {
  const app = renderApp();
  await app.user.type(await app.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
  await app.user.click(
    within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Finish' }),
  );
  expect(screen.queryByRole('region', { name: 'Lock receipt' })).toBeNull();
  await app.user.click(await screen.findByRole('button', { name: 'Lock my ratings…' }));
  await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock my ratings' }));
  return { ...app, receipt: await screen.findByRole('region', { name: 'Lock receipt' }) };
}

describe('Finish, once locked', () => {
  it('shows the lock receipt and copies it to the clipboard, saying so', async () => {
    const { user, receipt } = await lockFromFinish();
    expect(within(receipt).getByTestId('lock-receipt').textContent).toBe(FAKE_LOCK_RECEIPT);
    expect(within(receipt).getByText(/by phone or message, not with the file/)).toBeTruthy();
    // user-event's setup gives the page a clipboard of its own.
    await user.click(within(receipt).getByRole('button', { name: 'Copy receipt' }));
    expect(await navigator.clipboard.readText()).toBe(FAKE_LOCK_RECEIPT);
    expect(within(receipt).getByRole('status').textContent).toBe('Copied to the clipboard.');
  });

  it('tells the rater to copy it by hand when the clipboard refuses', async () => {
    const { user, receipt } = await lockFromFinish();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Write permission denied.', 'NotAllowedError'),
    );
    await user.click(within(receipt).getByRole('button', { name: 'Copy receipt' }));
    expect(within(receipt).getByRole('status').textContent).toMatch(/^Could not copy: select the code and copy it/);
  });
});
