import { expect, test, type Response } from '@playwright/test';
import { appPerFile } from './fixtures';
import { blindingSecrets, type BlindingSecrets } from './study-db';
import { rateByKeyboard, ratingKeysFor, startRating, tabTo, taskHeading, unlockByKeyboard } from './ui';

const shared = appPerFile();

/** Keys that would mean a payload carries what the rater must not know. */
const FORBIDDEN_KEYS =
  /^(model|models|bin|bins|score|scores|avg_?score|item_?id|output_?id|task_?id|metric|metrics|presented_?a|outcome)$/i;

function forbiddenKeysIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeysIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(FORBIDDEN_KEYS.test(k) ? [`${path}.${k}`] : []),
      ...forbiddenKeysIn(v, `${path}.${k}`),
    ]);
  }
  return [];
}

function leaksIn(body: string, secrets: BlindingSecrets): string[] {
  const lower = body.toLowerCase();
  return [
    ...secrets.models.filter((model) => lower.includes(model.toLowerCase())).map((model) => `model "${model}"`),
    ...secrets.itemIds.filter((id) => body.includes(id)).map((id) => `item id "${id}"`),
    ...secrets.scoreTexts.filter((score) => body.includes(score)).map((score) => `score ${score}`),
    ...forbiddenKeysIn(JSON.parse(body)).map((key) => `field ${key}`),
  ];
}

test('no payload of a full rating session carries a model name, item id, score or bin', async () => {
  test.skip(
    shared.app.kind === 'electron',
    'IPC replies are not HTTP responses; the service-level blinding test covers them.',
  );
  const { page } = shared.app;
  const bodies: { url: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  const unreadable: string[] = [];
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    pending.push(
      response.text().then(
        (body) => void bodies.push({ url: response.url(), body }),
        (error: Error) => void unreadable.push(`${response.url()}: ${error.message}`),
      ),
    );
  });

  await unlockByKeyboard(page, 'wrong passphrase first');
  await expect(page.getByRole('alert')).toBeVisible();
  await startRating(page, shared.study.passphrase, shared.study.rater, 'rating');
  for (let n = 1; n <= 5; n++) {
    if (n === 3) await page.keyboard.press('f');
    await rateByKeyboard(page, n, ratingKeysFor(n).keys);
  }
  await page.keyboard.press('ArrowLeft');
  await expect(taskHeading(page, 'Rating', 5)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('button', { name: /Rating 3 \(done\)/ })).toBeVisible();
  await tabTo(page, /Start preference/);
  await page.keyboard.press('Enter');
  for (const [i, key] of ['a', 'b', 't'].entries()) {
    await expect(taskHeading(page, 'Preference', i + 1)).toBeVisible();
    await page.keyboard.press(key);
    await page.keyboard.press('Enter');
  }
  await expect(taskHeading(page, 'Preference', 4)).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('button', { name: 'Lock my ratings…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lock my ratings' }).click();
  await expect(page.getByText(/Your ratings were locked/)).toBeVisible();
  await Promise.all(pending);

  expect(unreadable).toEqual([]);
  const secrets = blindingSecrets(shared.study);
  expect(secrets.models.length).toBeGreaterThanOrEqual(4);
  expect(secrets.scoreTexts.length).toBeGreaterThan(100);
  const methods = new Set(bodies.map((b) => new URL(b.url).pathname));
  for (const method of [
    'unlockStudy',
    'startSession',
    'getTask',
    'saveRating',
    'savePreference',
    'listAssignments',
    'lockRater',
  ]) {
    expect(methods, `captured /api/${method}`).toContain(`/api/${method}`);
  }
  const taskBodies = bodies.filter((b) => b.url.endsWith('/api/getTask'));
  expect(taskBodies.length).toBeGreaterThanOrEqual(9);

  // The scan itself must be able to fail: a payload carrying the study's secrets is caught.
  const planted = JSON.stringify({
    text: `by ${secrets.models[0]}`,
    value: Number(secrets.scoreTexts[0]),
    ids: [secrets.itemIds[0]],
    bin: 3,
  });
  expect(leaksIn(planted, secrets)).toHaveLength(4);

  const leaks = bodies.flatMap(({ url, body }) =>
    leaksIn(body, secrets).map((leak) => `${new URL(url).pathname}: ${leak}`),
  );
  expect(leaks).toEqual([]);
});
