/**
 * An adjudication round on a three-rater study from start to end: assign, pack, rate, merge (fixture.ts),
 * adjudicate, the adjudicator settles part of the round, merge, then the tidy export states each unit's
 * provenance with the adjudicated value beside the raters' values. The expected provenance is worked out
 * here from the stored values with the documented rules (Likert disputes at a 2-step spread, binary and
 * preference at any difference), not through shared/adjudication.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeAdjudicationPackage } from '../../../electron/services/adjudication-merge';
import { packAdjudicationPackage } from '../../../electron/services/adjudication';
import { exportTable } from '../../../electron/services/exporter';
import { parseTidyRatingsCsv } from '../../../electron/services/tidy-ratings-csv';
import { analyzeRatingsFile } from '../../../electron/services/ratings-analysis';
import { analyzeStudy, readReportStudy } from '../../../electron/services/analysis';
import { buildReportModel } from '../../../shared/report';
import { fixedClock, PASSPHRASE, type SeededStudy } from '../session/fixture';
import { adjudicateAll, ratedThreeRaterStudy } from './fixture';

const LIKERT = new Set(['factuality', 'brevity', 'patient_friendliness', 'relevance']);
const unitOf = (itemId: string, model: string, dimension: string) => `${itemId}\u0000${model}\u0000${dimension}`;

let study: SeededStudy;
let csv: string;
let ratingsPath: string;

beforeAll(async () => {
  study = ratedThreeRaterStudy();
  const out = join(study.path, '..', 'round.blindrate');
  const passphrase = 'lantern orchard pebble violet round';
  packAdjudicationPackage(study.db, {
    adjudicator: 'Dr E',
    out,
    passphrase,
    masterPassphrase: PASSPHRASE,
    showRatings: true,
    thresholds: {},
    clock: fixedClock,
  });
  // The adjudicator settles every other task: the rest stays unresolved.
  adjudicateAll(out, passphrase, fixedClock, (position) => position % 2 === 0);
  mergeAdjudicationPackage(study.db, out, fixedClock);
  ratingsPath = join(study.path, '..', 'ratings.csv');
  await exportTable(study.db, { what: 'ratings', format: 'csv', out: ratingsPath });
  csv = readFileSync(ratingsPath, 'utf8');
}, 180_000);
afterAll(() => study.cleanup());

/** The raters' primary values per unit, read behind the blinding. */
function storedUnits(): Map<string, (number | string)[]> {
  const rows = study.db
    .prepare(
      `SELECT o.item_id, o.model, coalesce(r.dimension, 'preference'), coalesce(r.value, p.outcome)
       FROM assignments a JOIN responses resp ON resp.assignment_id = a.id
       JOIN tasks t ON t.id = a.task_id JOIN outputs o ON o.id = t.output_id
       LEFT JOIN ratings r ON r.assignment_id = a.id LEFT JOIN preferences p ON p.assignment_id = a.id
       WHERE a.qc_role IS NULL`,
    )
    .raw()
    .all() as [string, string, string, number | string][];
  const units = new Map<string, (number | string)[]>();
  for (const [item, model, dimension, value] of rows) {
    const key = unitOf(item, model, dimension);
    units.set(key, [...(units.get(key) ?? []), value]);
  }
  return units;
}

function adjudicatedUnits(): Map<string, number | string> {
  const rows = study.db
    .prepare(
      `SELECT o.item_id, o.model, v.dimension, coalesce(v.value, v.outcome) FROM adjudicated_values v
       JOIN adjudication_tasks t ON t.id = v.task_id JOIN outputs o ON o.id = t.output_id`,
    )
    .raw()
    .all() as [string, string, string, number | string][];
  return new Map(rows.map(([item, model, dimension, value]) => [unitOf(item, model, dimension), value]));
}

function disputed(dimension: string, values: (number | string)[]): boolean {
  if (LIKERT.has(dimension)) return Math.max(...(values as number[])) - Math.min(...(values as number[])) >= 2;
  return new Set(values).size > 1;
}

describe('the tidy export after an adjudication round', () => {
  it('ends its fixed columns with provenance and adjudicated_value, before the score columns', () => {
    const header = csv.split('\n')[0]!.split(',');
    const at = header.indexOf('provenance');
    expect(header.slice(at - 1, at + 2)).toEqual(['both_unacceptable', 'provenance', 'adjudicated_value']);
    expect(header.slice(at + 2).every((column) => column.startsWith('score_'))).toBe(true);
  });

  it("states every primary row's provenance by the documented rules, the adjudicated value beside the rater's", () => {
    const { rows } = parseTidyRatingsCsv(csv, 'ratings.csv');
    const stored = storedUnits();
    const adjudicated = adjudicatedUnits();
    const counts = { unanimous: 0, adjudicated: 0, unresolved: 0, none: 0 };
    for (const row of rows) {
      if (row.qc !== null) {
        expect([row.provenance, row.adjudicatedValue]).toEqual([undefined, undefined]);
        continue;
      }
      const key = unitOf(row.itemId, row.model, row.dimension);
      const values = stored.get(key)!;
      const expected =
        values.length < 2
          ? undefined
          : adjudicated.has(key)
            ? 'adjudicated'
            : disputed(row.dimension, values)
              ? 'unresolved'
              : 'unanimous';
      expect({ key, provenance: row.provenance }).toEqual({ key, provenance: expected });
      expect(row.adjudicatedValue).toBe(adjudicated.get(key));
      counts[row.provenance ?? 'none'] += 1;
    }
    // Every rater's row of a unit carries it: three raters, so three rows per unit.
    expect(counts.adjudicated).toBe(3 * adjudicated.size);
    expect(counts.unresolved).toBeGreaterThan(0);
    expect(counts.unanimous).toBeGreaterThan(counts.adjudicated);
    const settledPreference = rows.find((r) => r.task === 'preference' && r.provenance === 'adjudicated');
    expect(['model', 'reference', 'tie']).toContain(settledPreference?.adjudicatedValue);
    const settledRating = rows.find((r) => r.task === 'rating' && r.provenance === 'adjudicated');
    expect(settledRating?.adjudicatedValue).toBe(settledRating?.dimension === 'safety' ? 1 : 3);
  });
});

describe('the wide export after an adjudication round', () => {
  it("carries each dimension's provenance and adjudicated value on its rater × output row, as the tidy rows do", async () => {
    const widePath = join(study.path, '..', 'ratings-wide.jsonl');
    await exportTable(study.db, { what: 'ratings-wide', format: 'jsonl', out: widePath });
    const wide = readFileSync(widePath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string | number | null>);
    const { rows } = parseTidyRatingsCsv(csv, 'ratings.csv');
    const byRow = new Map(
      wide.map((w) => [`${w.rater}\u0000${w.item_id}\u0000${w.model}\u0000${w.task}\u0000${w.qc ?? ''}`, w]),
    );
    const seen = { adjudicated: 0, unresolved: 0 };
    for (const row of rows) {
      const w = byRow.get(`${row.rater}\u0000${row.itemId}\u0000${row.model}\u0000${row.task}\u0000${row.qc ?? ''}`)!;
      expect([w[`provenance_${row.dimension}`], w[`adjudicated_${row.dimension}`]]).toEqual([
        row.provenance ?? null,
        row.adjudicatedValue ?? null,
      ]);
      if (row.provenance === 'adjudicated' || row.provenance === 'unresolved') seen[row.provenance] += 1;
    }
    expect(seen.adjudicated).toBeGreaterThan(0);
    expect(seen.unresolved).toBeGreaterThan(0);
  });
});

describe("analysing the export with the raters' mean or the adjudicated values", () => {
  it("changes the model figures on adjudicated units only and leaves agreement on the raters' own values", async () => {
    const options = { bootstrap: 0, seed: 1, threads: 1 };
    const mean = await analyzeRatingsFile(ratingsPath, options);
    const adjudicated = await analyzeRatingsFile(ratingsPath, { ...options, finalValues: 'adjudicated' });
    const units = adjudicatedUnits();
    expect(mean.adjudication).toEqual({
      final_values: 'raters_mean',
      adjudicated_units: units.size,
      agreement_values: 'raters_original',
    });
    expect(adjudicated.adjudication).toEqual({ ...mean.adjudication, final_values: 'adjudicated' });
    expect(adjudicated.agreement).toEqual(mean.agreement);
    expect(adjudicated.per_rater).toEqual(mean.per_rater);
    expect(adjudicated.position_bias).toEqual(mean.position_bias);

    // Factuality's mean per model and bin, worked out here: each output's value is its final value when
    // adjudicated, else its raters' mean, and a bin's mean is over the rater rows.
    const { rows } = parseTidyRatingsCsv(csv, 'ratings.csv');
    const expected = new Map<string, { sum: number; n: number }>();
    for (const row of rows) {
      if (row.qc !== null || row.dimension !== 'factuality') continue;
      const value = (units.get(unitOf(row.itemId, row.model, 'factuality')) ?? row.value) as number;
      const key = `${row.model}\u0000${row.bin}`;
      const cell = expected.get(key) ?? { sum: 0, n: 0 };
      expected.set(key, { sum: cell.sum + value, n: cell.n + 1 });
    }
    const factuality = adjudicated.bins.filter((b) => b.dimension === 'factuality');
    expect(factuality.length).toBe(expected.size);
    for (const bin of factuality) {
      const cell = expected.get(`${bin.model}\u0000${bin.bin}`)!;
      expect(bin.mean).toBeCloseTo(cell.sum / cell.n, 10);
    }
    expect(adjudicated.bins).not.toEqual(mean.bins);
    expect(adjudicated.preference).not.toEqual(mean.preference);
  });
});

describe("the study's own analysis (report, Reports screen) with the adjudicated values", () => {
  it("gives the figures of its export analysed with --adjudicated, and the raters' mean by default", async () => {
    const options = { bootstrap: 0, seed: 1 };
    const fromFile = await analyzeRatingsFile(ratingsPath, { ...options, threads: 1, finalValues: 'adjudicated' });
    const own = analyzeStudy(study.db, { ...options, finalValues: 'adjudicated' });
    const byDefault = analyzeStudy(study.db, options);
    expect(own.adjudication).toEqual(fromFile.adjudication);
    expect(own.bins).toEqual(fromFile.bins);
    expect(own.preference).toEqual(fromFile.preference);
    expect(byDefault.adjudication?.final_values).toBe('raters_mean');
    expect(byDefault.bins).not.toEqual(own.bins);
    expect(own.agreement).toEqual(byDefault.agreement);
    expect(own.per_rater).toEqual(byDefault.per_rater);
  });
});

describe('the report of the study after the round', () => {
  it('counts disputes per dimension, how they ended, the reasons and guideline gaps; Methods says which values', async () => {
    const result = await analyzeRatingsFile(ratingsPath, {
      bootstrap: 0,
      seed: 1,
      threads: 1,
      finalValues: 'adjudicated',
    });
    const model = buildReportModel(result, readReportStudy(study.db, fixedClock));
    const section = model.sections.find((s) => s.id === 'adjudication')!;
    const table = section.blocks.find((b) => b.kind === 'table')!;
    // Worked out here from the stored values and the merged marks.
    const stored = storedUnits();
    const marks = study.db
      .prepare(
        `SELECT o.item_id, o.model, v.dimension, v.reason, v.guideline_gap FROM adjudicated_values v
         JOIN adjudication_tasks t ON t.id = v.task_id JOIN outputs o ON o.id = t.output_id`,
      )
      .raw()
      .all() as [string, string, string, string | null, number][];
    const settled = new Map(
      marks.map(([item, model, dimension, reason, gap]) => [unitOf(item, model, dimension), { reason, gap }]),
    );
    const order = ['factuality', 'brevity', 'patient_friendliness', 'relevance', 'safety', 'preference'];
    const expected = order.flatMap((dimension) => {
      const row = { disputed: 0, adjudicated: 0, unresolved: 0, error: 0, untagged: 0, gaps: 0 };
      for (const [key, values] of stored) {
        if (!key.endsWith(`\u0000${dimension}`) || values.length < 2) continue;
        const mark = settled.get(key);
        if (mark) {
          row.disputed += 1;
          row.adjudicated += 1;
          if (mark.reason === 'error') row.error += 1;
          else row.untagged += 1;
          row.gaps += mark.gap;
        } else if (disputed(dimension, values)) {
          row.disputed += 1;
          row.unresolved += 1;
        }
      }
      if (row.disputed === 0) return [];
      // Columns: dimension, disputed, adjudicated, unresolved, misread, ambiguity, clinical, error, none, gaps.
      return [[row.disputed, row.adjudicated, row.unresolved, 0, 0, 0, row.error, row.untagged, row.gaps].map(String)];
    });
    expect(table.kind === 'table' && table.table.rows.map((r) => r.slice(1))).toEqual(expected);
    expect(expected.length).toBeGreaterThan(2);
    const methods = JSON.stringify(model.sections.find((s) => s.id === 'methods'));
    expect(methods).toContain(`${adjudicatedUnits().size} output × dimension units have an adjudicated final value`);
    expect(methods).toContain(
      "Agreement, per-rater diagnostics, position bias and judge comparisons are always computed on the raters' original values.",
    );
  });
});
