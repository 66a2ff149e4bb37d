/**
 * `npm run bench:ui`: how long a rater waits after Enter. A study with 15 KB contexts is served in browser
 * mode; a new rater rates 40 tasks by keyboard. An in-page clock measures each Enter from the keydown
 * (capture phase, before the app sees it) to two ends: the first animation frame after the next task's
 * heading is in the DOM (the frame callback runs before that frame's style, layout and paint), and the end
 * of that frame's rendering (a message posted from the frame callback is delivered after it). Prints p50
 * and p95 of both. BLINDRATE_BENCH_UI_TASKS changes the number of tasks;
 * BLINDRATE_BENCH_UI_PROFILE=FILE.cpuprofile records the page's CPU profile over the rating (open it in
 * Chrome DevTools) and lists the page's API calls by mean duration.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importFiles } from '../../electron/services/importer';
import { drawSample } from '../../electron/services/sampler';
import { packRaterPackage } from '../../electron/services/pack';
import { assignRaters } from '../../electron/services/plan';
import { createStudy } from '../../electron/services/study';
import { MEDISUMQA_RUBRIC } from '../../shared/rubric';
import { chromiumSource, launchBrowserMode, PACKAGE_PASSPHRASE, STUDY_PASSPHRASE } from '../e2e/launcher';
import { ratingKeysFor, startRating, taskHeading } from '../e2e/ui';
import { writeBenchInput } from './input';

const TASKS = Number(process.env.BLINDRATE_BENCH_UI_TASKS ?? 40);
const PROFILE = process.env.BLINDRATE_BENCH_UI_PROFILE;
const MODELS = 5;
const clock = () => new Date('2025-01-01T00:00:00Z');

declare global {
  interface Window {
    /** Milliseconds from each Enter to the frame that shows the next task. */
    enterLatencies: number[];
    /** Milliseconds from each Enter to the end of that frame's rendering. */
    paintLatencies: number[];
    /** performance.now() of each measured Enter. */
    enterTimes: number[];
  }
}

/**
 * Installed before the app loads: the clock the figures come from. Plain JavaScript in a string, because
 * tsx would wrap a TypeScript function's inner functions in a helper the page does not have.
 */
const ENTER_CLOCK = `
  window.enterLatencies = [];
  window.paintLatencies = [];
  window.enterTimes = [];
  const taskTitle = () => document.querySelector('h1')?.textContent ?? '';
  const isRatingTitle = (text) => /^Rating \\d+ of \\d+$/.test(text);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !isRatingTitle(taskTitle())) return;
    const pressedAt = performance.now();
    window.enterTimes.push(pressedAt);
    const leaving = taskTitle();
    const observer = new MutationObserver(() => {
      if (taskTitle() === leaving || !isRatingTitle(taskTitle())) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.enterLatencies.push(performance.now() - pressedAt);
        const rendered = new MessageChannel();
        rendered.port1.onmessage = () => window.paintLatencies.push(performance.now() - pressedAt);
        rendered.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, { capture: true });
`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const folder = mkdtempSync(join(tmpdir(), 'blindrate-bench-ui-'));
try {
  // 5 models × (2 per bin × 5 bins) = 50 rating tasks, every one with a 15 KB context.
  const input = join(folder, 'outputs.jsonl');
  await writeBenchInput(input, { outputs: MODELS * Math.max(50, TASKS + 10), models: MODELS, contextBytes: 15 * 1024 });
  const studyPath = join(folder, 'ui-bench.db');
  const db = createStudy(studyPath, STUDY_PASSPHRASE, { rubric: MEDISUMQA_RUBRIC, clock });
  await importFiles(db, [input], { clock });
  const perBin = Math.ceil((TASKS + 1) / MODELS / 5);
  drawSample(db, { task: 'rating', bins: 5, perBin, metrics: [], seed: 1, disjoint: true }, clock);
  // Rating happens in a rater package: the bench rater's, cut from this master.
  assignRaters(db, { raters: ['Bench rater'], seed: 2, clock });
  const packagePath = join(folder, 'bench-rater.blindrate');
  packRaterPackage(db, {
    rater: 'Bench rater',
    out: packagePath,
    passphrase: PACKAGE_PASSPHRASE,
    masterPassphrase: STUDY_PASSPHRASE,
    clock,
  });
  db.close();

  const app = await launchBrowserMode({ path: packagePath });
  try {
    const { page } = app;
    await page.addInitScript({ content: ENTER_CLOCK });
    await page.reload();
    await startRating(page, PACKAGE_PASSPHRASE, 'Bench rater', 'rating');
    const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
    await cdp?.send('Profiler.enable');
    await cdp?.send('Profiler.start');
    await page.evaluate(() => performance.clearResourceTimings());
    for (let n = 1; n <= TASKS; n++) {
      await taskHeading(page, 'Rating', n).waitFor();
      await page.keyboard.type(ratingKeysFor(n).keys);
      await page.keyboard.press('Enter');
      await page.waitForFunction((count) => window.paintLatencies.length === count, n);
    }
    if (cdp && PROFILE) {
      writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      const calls = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => ({ name: e.name.replace(/^.*\//, ''), duration: e.duration })),
      );
      // How much of each wait is the save's round trip (commit included), and how much is the page's own work.
      const saveAnswered = await page.evaluate(() => {
        const saves = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
          e.name.endsWith('/saveRating'),
        );
        return window.enterTimes.map((at) => (saves.find((e) => e.startTime >= at)?.responseEnd ?? NaN) - at);
      });
      console.log(
        `  save answered after Enter: p50 ${percentile(saveAnswered, 50).toFixed(1)} ms, p95 ${percentile(saveAnswered, 95).toFixed(1)} ms`,
      );
      const byName = new Map<string, number[]>();
      for (const call of calls) byName.set(call.name, [...(byName.get(call.name) ?? []), call.duration]);
      for (const [name, durations] of byName) {
        console.log(
          `  ${name}: ${durations.length} calls, mean ${(durations.reduce((sum, d) => sum + d, 0) / durations.length).toFixed(1)} ms`,
        );
      }
    }
    const { enterLatencies, paintLatencies } = await page.evaluate(() => ({
      enterLatencies: window.enterLatencies,
      paintLatencies: window.paintLatencies,
    }));
    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`;
    const figures = (values: number[]) => `p50 ${ms(values, 50)}, p95 ${ms(values, 95)}, max ${ms(values, 100)}`;
    console.log(
      `${enterLatencies.length} tasks by keyboard (browser mode, ${chromiumSource()} Chromium, 15 KB contexts):\n` +
        `  Enter → frame that shows the next task: ${figures(enterLatencies)}\n` +
        `  Enter → that frame rendered:            ${figures(paintLatencies)}`,
    );
  } finally {
    await app.close();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
