// @vitest-environment jsdom
/** The Finish screen after locking: the lock receipt to read to the coordinator, and its Copy button. */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAKE_LOCK_RECEIPT, FAKE_PASSPHRASE, FAKE_STUDY_PATH, FakeApi } from './fake-api';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function lockFromFinish(api = new FakeApi()) {
  const app = renderApp(api);
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

  it('names the file to send back with its whole folder; copies the full location; the desktop app shows it in its folder', async () => {
    const api = new FakeApi();
    api.canShowInFolder = true;
    const { user } = await lockFromFinish(api);
    const sendBack = screen.getByRole('region', { name: 'The file to send back' });
    expect(within(sendBack).getByText(/send the file fake-study\.db back to your study coordinator/)).toBeTruthy();
    expect(within(sendBack).getByTestId('study-folder').textContent).toBe('/studies');
    await user.click(within(sendBack).getByRole('button', { name: 'Copy the file’s location' }));
    expect(await navigator.clipboard.readText()).toBe(FAKE_STUDY_PATH);
    await user.click(within(sendBack).getByRole('button', { name: 'Show in folder' }));
    expect(api.shownInFolder).toBe(1);
  });

  it('has no Show in folder in browser mode', async () => {
    await lockFromFinish();
    const sendBack = screen.getByRole('region', { name: 'The file to send back' });
    expect(within(sendBack).queryByRole('button', { name: 'Show in folder' })).toBeNull();
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
