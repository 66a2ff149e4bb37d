import { expect, test } from '@playwright/test';
import { appPerFile } from './fixtures';
import { E2E_RATER } from './launcher';
import { passphraseField, unlockByKeyboard } from './ui';

const shared = appPerFile();

test('a wrong passphrase says so and keeps the focus on the field; the right one opens the study', async () => {
  const { page } = shared.app;
  await unlockByKeyboard(page, 'not the passphrase');

  await expect(page.getByRole('alert')).toHaveText(/Wrong passphrase for .*e2e-rater\.blindrate/);
  await expect(passphraseField(page)).toBeFocused();
  await expect(passphraseField(page)).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Open a study' })).toBeVisible();

  await unlockByKeyboard(page, shared.study.passphrase);
  await expect(page.getByRole('heading', { name: `Welcome, ${E2E_RATER}` })).toBeVisible();
  await expect(page.getByText('BlindRate demo (synthetic MeDiSumQA-style data)').first()).toBeVisible();
});
