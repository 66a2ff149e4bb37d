/**
 * Writes the demo study's report for docs/screenshots/report.png: the built-in demo study, simulated
 * ratings (simulate-ratings.ts), then the same report `blindrate report` writes.
 * Run: npx tsx test/integration/analysis/make-demo-report.ts OUT_DIR
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BOOTSTRAP_RESAMPLES, DEFAULT_BOOTSTRAP_SEED } from '../../../shared/analysis';
import { writeStudyReport } from '../../../electron/services/analysis';
import { buildDemoStudy } from '../../../electron/services/demo';
import { openStudy } from '../../../electron/services/study';
import { simulateRatings } from './simulate-ratings';

const out = process.argv[2] ?? 'demo-report';
mkdirSync(out, { recursive: true });
const clock = () => new Date('2026-03-05T12:00:00.000Z');
await buildDemoStudy(join(out, 'demo.db'), 'demo', clock);
const db = openStudy(join(out, 'demo.db'), 'demo');
try {
  simulateRatings(db);
  writeStudyReport(db, {
    out: join(out, 'report.html'),
    json: join(out, 'analysis.json'),
    bootstrap: DEFAULT_BOOTSTRAP_RESAMPLES,
    seed: DEFAULT_BOOTSTRAP_SEED,
    clock,
  });
} finally {
  db.close();
}
process.stdout.write(`Wrote ${join(out, 'report.html')}\n`);
