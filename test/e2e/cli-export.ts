/** Reads what `blindrate export` writes, as a coordinator would get it. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT, type TestStudy } from './launcher';
import { mergeIntoMaster } from './study-db';

function exportJsonLines(study: TestStudy, what: string): Record<string, unknown>[] {
  mergeIntoMaster(study);
  const out = join(dirname(study.masterPath), `${what}.jsonl`);
  execFileSync(
    process.execPath,
    ['electron/cli/blindrate.mjs', 'export', study.masterPath, '--what', what, '--format', 'jsonl', '--out', out],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, BLINDRATE_PASSPHRASE: study.masterPassphrase },
    },
  );
  return readFileSync(out, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * One rater's exported ratings, one object of dimension → value per rated output, in a canonical
 * order (the export is by item and model, not by the rater's shuffled order).
 */
export function exportedRatingsOf(
  study: TestStudy,
  rater: string,
  dimensions: readonly string[],
): Record<string, number>[] {
  const byOutput = new Map<string, Record<string, number>>();
  for (const row of exportJsonLines(study, 'ratings')) {
    if (row.rater !== rater || !dimensions.includes(String(row.dimension))) continue;
    const key = `${String(row.item_id)}\u0000${String(row.model)}`;
    byOutput.set(key, { ...byOutput.get(key), [String(row.dimension)]: Number(row.value) });
  }
  return canonicalOrder([...byOutput.values()]);
}

export function canonicalOrder(ratings: Record<string, number>[]): Record<string, number>[] {
  const text = (r: Record<string, number>) => JSON.stringify(Object.entries(r).sort());
  return [...ratings].sort((a, b) => text(a).localeCompare(text(b)));
}
