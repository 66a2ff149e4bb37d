import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe with the WCAG 2.1 A/AA rules on the screen as it is: no serious or critical violation may remain.
 * Each failing node is named with axe's own summary (for contrast, the two colours and the ratio).
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string): Promise<void> {
  await page.mouse.move(0, 0); // no hover state in the measurement
  await page.evaluate(() => document.fonts.ready);
  // Mid-transition (a dialog fading in) colours are half-blended: measure contrast once motion has settled.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
    );
  expect(serious, `axe on ${screen}`).toEqual([]);
}
