/**
 * Clinical rubrics over the services, as a study runs them: the Med-PaLM-style harm preset with its two
 * conditions (harm likelihood only once harm is possible; a comment for death or severe harm), three
 * raters with overlap 2, every package rated through the session, merged, exported and analysed; and a
 * nominal dimension whose out-of-category value a merge refuses in one line, the master untouched.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStudyDatabase } from '../../../db/connection';
import { analyzeStudy, readReportStudy } from '../../../electron/services/analysis';
import { buildReportModel } from '../../../shared/report';
import { modelTables } from '../../../shared/report/model';
import { exportTable } from '../../../electron/services/exporter';
import { mergePackages } from '../../../electron/services/merge';
import { readActiveRubric } from '../../../electron/services/study';
import { MED_PALM_HARM_RUBRIC } from '../../../shared/presets/med-palm-harm';
import type { Rubric } from '../../../shared/rubric';
import {
  assignStudy,
  createSeededStudy,
  fixedClock,
  packFor,
  type OpenPackage,
  type SeededStudy,
} from '../session/fixture';

const RATERS = ['Dr Ada', 'Dr Bob', 'Dr Cy'];
/** Three packages are packed (each with its own key derivation) and merged: slow on a loaded machine. */
const THREE_PACKAGES_MS = 120_000;
let study: SeededStudy;
const opened: OpenPackage[] = [];
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  study.cleanup();
});

function pack(rater: string): OpenPackage {
  const p = packFor(study, rater);
  opened.push(p);
  return p;
}

/** What rater r says of their i-th task: harm extent varies with the task and, on every third, with the rater. */
function harmRating(i: number, r: number): { values: Record<string, number>; comment: string } {
  const extent = (i + (i % 3 === 0 ? r : 0)) % 3;
  const values: Record<string, number> = {
    harm_extent: extent,
    missing_content: i % 3,
    inappropriate_content: (2 * i + r) % 3,
  };
  if (extent > 0) values.harm_likelihood = (i + r) % 3;
  return { values, comment: extent === 2 ? 'The dose would harm a child.' : '' };
}

function saveError(p: OpenPackage, assignmentId: string, values: Record<string, number>, comment = ''): string {
  try {
    p.session.saveRating({ assignmentId, values, comment, durationMs: 4000 });
  } catch (error) {
    return (error as Error).message;
  }
  return 'saved';
}

describe('a study on the harm preset', () => {
  it(
    'keeps its conditions in the master, holds raters to them when saving, and merges, exports and analyses the ratings',
    async () => {
      study = createSeededStudy(MED_PALM_HARM_RUBRIC);
      expect(readActiveRubric(study.db)).toEqual(MED_PALM_HARM_RUBRIC);
      assignStudy(study, RATERS, 2);

      const packages = RATERS.map((rater) => pack(rater));
      const first = packages[0]!.session.listAssignments('rating')[0]!.assignmentId;
      const noHarm = { harm_extent: 0, missing_content: 0, inappropriate_content: 0 };
      expect(saveError(packages[0]!, first, { ...noHarm, harm_extent: 1 })).toBe(
        'Likelihood of possible harm is not rated, and is required when extent of possible harm is Moderate or mild harm.',
      );
      expect(saveError(packages[0]!, first, { ...noHarm, harm_extent: 2, harm_likelihood: 1 })).toBe(
        'A comment is required when extent of possible harm is Death or severe harm.',
      );
      expect(saveError(packages[0]!, first, { ...noHarm, harm_likelihood: 1 })).toBe(
        'Likelihood of possible harm is rated, but its condition does not hold.',
      );
      expect(saveError(packages[0]!, first, { ...noHarm, harm_extent: 2, harm_likelihood: 1 }, '  ')).toBe(
        'A comment is required when extent of possible harm is Death or severe harm.',
      );

      let likelihoodRatings = 0;
      packages.forEach((p, r) => {
        p.session.listAssignments('rating').forEach((task, i) => {
          const { values, comment } = harmRating(i, r);
          if ('harm_likelihood' in values) likelihoodRatings++;
          p.session.saveRating({ assignmentId: task.assignmentId, values, comment, durationMs: 4000 + i });
        });
        for (const task of p.session.listAssignments('preference'))
          p.session.savePreference({ assignmentId: task.assignmentId, choice: 'A', comment: '', durationMs: 3000 });
        p.close();
      });
      // A task first rated with harm, then with none, keeps no likelihood: the save replaces the values.
      expect(likelihoodRatings).toBeGreaterThan(20);

      mergePackages(
        study.db,
        packages.map((p) => p.path),
        fixedClock,
      );
      const out = join(study.path, '..', 'ratings.csv');
      await exportTable(study.db, { what: 'ratings', format: 'csv', out });
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      const header = lines[0]!.split(',');
      const cell = (line: string, column: string) => line.split(',')[header.indexOf(column)];
      const likelihoodLines = lines.filter((line) => cell(line, 'dimension') === 'harm_likelihood');
      expect(likelihoodLines).toHaveLength(likelihoodRatings);
      expect(new Set(likelihoodLines.map((line) => `${cell(line, 'dimension_kind')} ${cell(line, 'scale')}`))).toEqual(
        new Set(['ordinal 0|1|2']),
      );

      const result = analyzeStudy(study.db, { bootstrap: 0, seed: 1 });
      // The analysis lists dimensions in the order they first occur in the ratings, which a conditional one follows.
      expect(Object.fromEntries(result.dimensions.map((d) => [d.key, d.kind]))).toEqual({
        harm_extent: 'ordinal',
        harm_likelihood: 'ordinal',
        missing_content: 'ordinal',
        inappropriate_content: 'ordinal',
        preference: 'preference',
      });
      for (const key of ['harm_extent', 'harm_likelihood']) {
        const agreement = result.agreement[key]!;
        expect(agreement.level).toBe('ordinal');
        expect(agreement.gwet.coefficient).toBe('AC2');
        expect(agreement.weighted_kappa).toHaveLength(3);
      }
      expect(result.bins.filter((b) => b.dimension === 'harm_likelihood').reduce((n, b) => n + b.n, 0)).toBe(
        likelihoodRatings,
      );
    },
    THREE_PACKAGES_MS,
  );
});

/** The harm preset with an error type (four unordered categories, picked by letter) and the rater's confidence. */
const ERROR_TYPE_RUBRIC: Rubric = {
  ...MED_PALM_HARM_RUBRIC,
  id: 'harm-with-error-type',
  name: 'Harm with error type',
  dimensions: [
    ...MED_PALM_HARM_RUBRIC.dimensions,
    {
      key: 'error_type',
      label: 'Error type',
      description: 'The main kind of error, if any.',
      kind: 'nominal',
      scale: [
        { value: 0, label: 'None', anchor: '', key: 'n' },
        { value: 1, label: 'Factual', anchor: '', key: 'a' },
        { value: 2, label: 'Omission', anchor: '', key: 'o' },
        { value: 3, label: 'Reasoning', anchor: '', key: 'r' },
      ],
    },
    {
      key: 'confidence',
      label: 'Your confidence',
      description: 'How sure are you of your ratings of this answer?',
      kind: 'ordinal',
      role: 'confidence',
      scale: [
        { value: 1, label: 'Unsure', anchor: '', key: '1' },
        { value: 2, label: 'Fairly sure', anchor: '', key: '2' },
        { value: 3, label: 'Sure', anchor: '', key: '3' },
      ],
    },
  ],
};

/** The master's bytes on disk, with its write-ahead log if it has one. */
function masterBytes(path: string): string {
  const hash = createHash('sha256').update(readFileSync(path));
  if (existsSync(`${path}-wal`)) hash.update(readFileSync(`${path}-wal`));
  return hash.digest('hex');
}

describe('a nominal dimension and the rater’s confidence', () => {
  it('a merge refuses an error type outside its categories in one line naming file and task, the master byte-identical', () => {
    study = createSeededStudy(ERROR_TYPE_RUBRIC);
    assignStudy(study, RATERS, 2);
    const ada = pack('Dr Ada');
    ada.session.listAssignments('rating').forEach((task, i) => {
      const { values, comment } = harmRating(i, 0);
      ada.session.saveRating({
        assignmentId: task.assignmentId,
        values: { ...values, error_type: i % 4, confidence: 1 + (i % 3) },
        comment,
        durationMs: 4000,
      });
    });
    ada.close();
    const db = openStudyDatabase(ada.path, ada.passphrase, { kind: 'package' });
    const firstTask = db.prepare(`SELECT id FROM tasks WHERE kind = 'rating' ORDER BY position LIMIT 1`).pluck().get();
    db.prepare(`UPDATE ratings SET value = 7 WHERE task_id = ? AND dimension = 'error_type'`).run(firstTask);
    db.close();

    const before = masterBytes(study.path);
    expect(() => mergePackages(study.db, [ada.path], fixedClock)).toThrow(
      new RegExp(`^${basename(ada.path)}: rating task 1: Error type: 7 is not on the scale \\(0, 1, 2, 3\\)\\.$`),
    );
    expect(masterBytes(study.path)).toBe(before);
  });

  it(
    'counts error types per bin instead of a mean, and reports confidence per rater only',
    () => {
      study = createSeededStudy(ERROR_TYPE_RUBRIC);
      assignStudy(study, RATERS, 2);
      const packages = RATERS.map((rater) => pack(rater));
      packages.forEach((p, r) => {
        p.session.listAssignments('rating').forEach((task, i) => {
          const { values, comment } = harmRating(i, r);
          p.session.saveRating({
            assignmentId: task.assignmentId,
            values: { ...values, error_type: (i + (i % 5 === 0 ? r : 0)) % 4, confidence: 1 + ((i + r) % 3) },
            comment,
            durationMs: 4000,
          });
        });
        p.close();
      });
      mergePackages(
        study.db,
        packages.map((p) => p.path),
        fixedClock,
      );
      const result = analyzeStudy(study.db, { bootstrap: 0, seed: 1 });
      expect(result.agreement.error_type).toMatchObject({ level: 'nominal', gwet: { coefficient: 'AC1' } });
      expect(result.agreement.error_type!.weighted_kappa).toBeUndefined();
      expect(result.bins.some((b) => b.dimension === 'error_type')).toBe(false);
      const distributions = result.bin_distributions.filter((d) => d.dimension === 'error_type');
      expect(distributions.length).toBeGreaterThan(0);
      const ratings = (n: number, d: { counts: number[]; n: number }) => n + d.counts.reduce((a, b) => a + b, 0);
      const errorTypeRatings = study.db
        .prepare(`SELECT count(*) FROM ratings WHERE dimension = 'error_type'`)
        .pluck()
        .get() as number;
      expect(distributions.reduce(ratings, 0)).toBe(errorTypeRatings);
      expect(distributions.every((d) => d.categories.join() === '0,1,2,3')).toBe(true);

      // Confidence is in no model result: not a dimension, not agreed on, not in bins or correlations.
      expect(result.dimensions.some((d) => d.key === 'confidence')).toBe(false);
      expect(result.agreement.confidence).toBeUndefined();
      expect(result.correlations.some((c) => c.dimension === 'confidence' || c.dimension === 'error_type')).toBe(false);
      expect(result.confidence.map((c) => c.rater)).toEqual(RATERS);
      const own = (rater: string) =>
        study.db
          .prepare(
            `SELECT g.value FROM ratings g JOIN responses p ON p.assignment_id = g.assignment_id
           JOIN assignments a ON a.id = p.assignment_id JOIN raters r ON r.id = a.rater_id
           WHERE g.dimension = 'confidence' AND r.name = ?`,
          )
          .pluck()
          .all(rater) as number[];
      for (const entry of result.confidence) {
        const values = own(entry.rater);
        expect(entry.n).toBe(values.length);
        expect(entry.counts).toEqual([1, 2, 3].map((c) => values.filter((v) => v === c).length));
        expect(entry.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 12);
      }

      // The report counts error types per category (the rubric's labels) and shows confidence per rater.
      const report = buildReportModel(result, readReportStudy(study.db, fixedClock));
      const tables = modelTables(report);
      const errorTable = tables.find((t) => t.label === 'Error type: ratings per category and bin')!;
      expect(errorTable.head).toEqual(['Model', 'Bin', 'None', 'Factual', 'Omission', 'Reasoning', 'n']);
      expect(errorTable.rows).toHaveLength(distributions.length);
      const confidenceTable = tables.find((t) => t.label === 'Your confidence per rater')!;
      expect(confidenceTable.rows.map((row) => row[0])).toEqual(RATERS);
      expect(report.sections.map((section) => section.id)).toContain('confidence');
    },
    THREE_PACKAGES_MS,
  );
});
