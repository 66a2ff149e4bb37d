// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_PASSPHRASE, FakeApi } from './fake-api';
import { renderApp } from './render-app';

afterEach(cleanup);

describe('Unlock screen', () => {
  it('says the passphrase is wrong, stays put and puts the focus back on the field', async () => {
    const { user } = renderApp();
    const field = await screen.findByLabelText('Passphrase');
    await user.type(field, 'not it{Enter}');

    expect(await screen.findByText(/Wrong passphrase for \/studies\/fake-study\.db/)).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByRole('alert');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByRole('heading', { name: 'Open a study' })).toBeTruthy();

    await user.type(field, `${FAKE_PASSPHRASE}{Enter}`);
    // A rater package has one rater: unlocking opens their Home, with no rater list to choose from.
    expect(await screen.findByRole('heading', { name: 'Welcome, Dr Ada' })).toBeTruthy();
  });

  it('Open… adds the chosen file to the list, selects it and moves to the passphrase; cancelling changes nothing', async () => {
    const api = new FakeApi();
    const { user } = renderApp(api);
    await user.click(await screen.findByRole('button', { name: 'Open…' }));
    expect(screen.getAllByRole('radio')).toHaveLength(1);

    api.nextOpenedFile = { path: '/home/ada/Dr Ada.blindrate', label: 'Dr Ada.blindrate' };
    await user.click(screen.getByRole('button', { name: 'Open…' }));
    const opened = await screen.findByRole('radio', { name: /Dr Ada\.blindrate/ });
    await waitFor(() => expect((opened as HTMLInputElement).checked).toBe(true));
    expect(document.activeElement).toBe(screen.getByLabelText('Passphrase'));
  });

  it('unlocks when Enter comes before the study list has arrived (a fast typist after a reload)', async () => {
    const api = new FakeApi();
    let arrive = () => {};
    const listed = api.listStudies.bind(api);
    api.listStudies = () => new Promise((resolve) => (arrive = () => resolve(listed())));
    const { user } = renderApp(api);
    await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    arrive();
    expect(await screen.findByRole('heading', { name: 'Welcome, Dr Ada' })).toBeTruthy();
  });

  it('says to choose a study when there is none, instead of ignoring Enter', async () => {
    const api = new FakeApi();
    api.listStudies = async () => [];
    const { user } = renderApp(api);
    await user.type(await screen.findByLabelText('Passphrase'), `${FAKE_PASSPHRASE}{Enter}`);
    expect(await screen.findByText(/Choose a study first/)).toBeTruthy();
  });

  it('disables "remember" and says why when the OS has no secure store', async () => {
    renderApp();
    const remember = await screen.findByRole('checkbox', { name: /Remember the passphrase/ });
    expect((remember as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/offers no secure key store/)).toBeTruthy();
  });

  it('offers "remember" where a secure store exists', async () => {
    const api = new FakeApi();
    api.rememberAvailable = true;
    renderApp(api);
    const remember = await screen.findByRole('checkbox', { name: /Remember the passphrase/ });
    await waitFor(() => expect((remember as HTMLInputElement).disabled).toBe(false));
  });
});
