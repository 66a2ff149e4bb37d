/**
 * `blindrate export --what redcap` on an answered three-rater study: the files pass REDCap's documented
 * rules (shared/redcap-rules.ts), one record per answer holds the study's own values, and model names
 * appear only in the separate key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { assignRaters } from '../../../electron/services/plan';
import { exportRedcap, REDCAP_FILES } from '../../../electron/services/redcap-export';
import { readTidyPairwiseRows, readTidyRatingRows } from '../../../electron/services/tidy-ratings';
import type { DictionaryRow } from '../../../shared/redcap';
import { MEDISUMQA_RUBRIC, type Rubric } from '../../../shared/rubric';
import { redcapDictionaryProblems, redcapRecordProblems } from '../../../shared/redcap-rules';
import { fixedClock } from '../engine/helpers';
import { MODELS as SEVEN_MODELS, RATERS, samplePairwise, sevenModelStudy } from '../packages/pairwise-fixture';
import { sampledStudy } from '../packages/sampled-study';
import { answerEveryAssignment } from './answer-plan';

const MODELS = ['orca-7b', 'lynx-13b', 'heron-70b'];

function readCsv(path: string): { header: string[]; records: Record<string, string>[] } {
  const text = readFileSync(path, 'utf8');
  const [header] = parse(text, { to_line: 1 }) as string[][];
  return { header: header!, records: parse(text, { columns: true }) as Record<string, string>[] };
}

/** Samples K pairs per item of the seven-model study, assigns both raters to each, answers all and exports. */
function answeredPairwiseExport(study: ReturnType<typeof sevenModelStudy>, pairsPerItem: number) {
  samplePairwise(study.db, { pairsPerItem });
  assignRaters(study.db, { raters: RATERS, overlap: 2, seed: 8, clock: fixedClock });
  answerEveryAssignment(study.db);
  const out = join(study.path, '..', 'redcap');
  return { out, summary: exportRedcap(study.db, out) };
}

describe('blindrate export --what redcap', () => {
  it('writes a data dictionary and records that pass REDCap’s rules, with the model key apart', async () => {
    const { db, folder } = await sampledStudy();
    assignRaters(db, { raters: ['Dr Ada', 'Dr Bob', 'Dr Cyd'], overlap: 2, seed: 3, clock: fixedClock });
    answerEveryAssignment(db);
    const out = join(folder, 'redcap');
    const summary = exportRedcap(db, out);

    const dictionary = readCsv(join(out, REDCAP_FILES.dictionary));
    const rows = dictionary.records as DictionaryRow[];
    expect(redcapDictionaryProblems(dictionary.header, rows)).toEqual([]);
    const records = readCsv(join(out, REDCAP_FILES.records));
    expect(redcapRecordProblems(rows, records.header, records.records)).toEqual([]);

    // 96 sampled outputs × 2 raters: one record per answer.
    expect(summary).toMatchObject({ fields: rows.length, records: 192, models: 3 });
    expect(records.records).toHaveLength(192);
    expect(records.records.filter((r) => r.task === '1')).toHaveLength(96);
    expect(new Set(records.records.map((r) => r.rater))).toEqual(new Set(['R01', 'R02', 'R03']));

    const key = readCsv(join(out, REDCAP_FILES.modelKey)).records;
    expect(key).toEqual([
      { model: 'M01', model_name: 'heron-70b' },
      { model: 'M02', model_name: 'lynx-13b' },
      { model: 'M03', model_name: 'orca-7b' },
    ]);
    for (const file of [REDCAP_FILES.dictionary, REDCAP_FILES.records]) {
      const text = readFileSync(join(out, file), 'utf8');
      for (const name of [...MODELS, 'Dr Ada', 'Dr Bob', 'Dr Cyd'])
        expect(text, `${file} names ${name}`).not.toContain(name);
    }

    // Each record carries the study's own answer: every tidy value is in the record of its rater and output.
    const modelOf = new Map(key.map((k) => [k.model, k.model_name]));
    const raterOf = new Map([
      ['R01', 'Dr Ada'],
      ['R02', 'Dr Bob'],
      ['R03', 'Dr Cyd'],
    ]);
    const recordOf = new Map(
      records.records.map((r) => [
        JSON.stringify([raterOf.get(r.rater!), r.item_id, modelOf.get(r.model!), r.task]),
        r,
      ]),
    );
    const tidy = readTidyRatingRows(db);
    for (const row of tidy) {
      const record = recordOf.get(
        JSON.stringify([row.rater, row.itemId, row.model, row.task === 'rating' ? '1' : '2']),
      )!;
      if (row.task === 'rating') expect(record[row.dimension]).toBe(String(row.value));
      else expect(record.preference).toBe({ model: '1', reference: '2', tie: '3' }[row.value]);
      expect(record.bin).toBe(String(row.bin));
    }
    expect(tidy.length).toBe(48 * 2 * 5 + 48 * 2);
    db.close();
  });

  it('gives each pairwise judgement a record of the pairwise instrument: the side chosen, both unacceptable, the models at A and B as codes', () => {
    const study = sevenModelStudy();
    try {
      const { db } = study;
      const { out, summary } = answeredPairwiseExport(study, 3);

      const dictionary = readCsv(join(out, REDCAP_FILES.dictionary));
      const rows = dictionary.records as DictionaryRow[];
      expect(redcapDictionaryProblems(dictionary.header, rows)).toEqual([]);
      expect(
        rows.filter((r) => r['Form Name'] === 'pairwise').map((r) => [r['Variable / Field Name'], r['Field Type']]),
      ).toEqual([
        ['pairwise', 'radio'],
        ['both_unacceptable', 'yesno'],
        ['model_a', 'text'],
        ['model_b', 'text'],
      ]);
      expect(
        rows.find((r) => r['Variable / Field Name'] === 'pairwise')!['Choices, Calculations, OR Slider Labels'],
      ).toBe('1, A | 2, B | 3, tie');
      const records = readCsv(join(out, REDCAP_FILES.records));
      expect(redcapRecordProblems(rows, records.header, records.records)).toEqual([]);
      // 20 items × 3 pairs, each judged by both raters.
      expect(summary).toMatchObject({ records: 120, models: 7 });
      expect(records.records.every((r) => r.task === '3' && r.pairwise_complete === '2' && r.model === '')).toBe(true);

      const key = readCsv(join(out, REDCAP_FILES.modelKey)).records;
      expect(key.map((k) => k.model_name)).toEqual(SEVEN_MODELS);
      const text = readFileSync(join(out, REDCAP_FILES.records), 'utf8');
      for (const name of [...SEVEN_MODELS, ...RATERS]) expect(text).not.toContain(name);

      // Every judgement is in the record of its rater, item and models, with the side chosen and the mark.
      const codeOf = new Map(key.map((k) => [k.model_name, k.model]));
      const raterCode = new Map(RATERS.map((name, i) => [name, `R0${i + 1}`]));
      const judgements = readTidyPairwiseRows(db);
      expect(judgements).toHaveLength(120);
      for (const row of judgements) {
        const matching = records.records.filter(
          (r) =>
            r.rater === raterCode.get(row.rater) &&
            r.item_id === row.itemId &&
            r.model_a === codeOf.get(row.modelA) &&
            r.model_b === codeOf.get(row.modelB),
        );
        expect(matching).toHaveLength(1);
        expect(matching[0]).toMatchObject({
          pairwise: row.value === 'tie' ? '3' : row.value === row.modelA ? '1' : '2',
          both_unacceptable: row.bothUnacceptable ? '1' : '0',
          bin: String(row.bin),
        });
      }
      expect(new Set(records.records.map((r) => r.pairwise))).toEqual(new Set(['1', '2', '3']));
      expect(records.records.some((r) => r.both_unacceptable === '1')).toBe(true);
    } finally {
      study.cleanup();
    }
  });

  it('gives a multi-aspect pairwise study a field per aspect, each record holding the side chosen on that aspect', () => {
    const rubric: Rubric = { ...MEDISUMQA_RUBRIC, pairwise: { aspects: ['factuality', 'patient_friendliness'] } };
    const study = sevenModelStudy(rubric);
    try {
      const { db } = study;
      const { out } = answeredPairwiseExport(study, 2);

      const dictionary = readCsv(join(out, REDCAP_FILES.dictionary));
      const rows = dictionary.records as DictionaryRow[];
      expect(redcapDictionaryProblems(dictionary.header, rows)).toEqual([]);
      const pairwiseFields = rows.filter((r) => r['Form Name'] === 'pairwise');
      expect(pairwiseFields.map((r) => r['Variable / Field Name'])).toEqual([
        'pairwise',
        'both_unacceptable',
        'model_a',
        'model_b',
        'pairwise_factuality',
        'pairwise_patient_friendlin', // REDCap names are at most 26 characters
      ]);
      const variableOf: Record<string, string> = {
        factuality: 'pairwise_factuality',
        patient_friendliness: 'pairwise_patient_friendlin',
      };
      const factuality = pairwiseFields.find((r) => r['Variable / Field Name'] === 'pairwise_factuality')!;
      expect(factuality['Field Type']).toBe('radio');
      expect(factuality['Field Label']).toBe(
        'Factuality: which answer is better, the one shown at A or the one shown at B?',
      );
      expect(factuality['Choices, Calculations, OR Slider Labels']).toBe('1, A | 2, B | 3, tie');
      // The rating instrument keeps the dimension's own name: an aspect's field does not take it.
      expect(rows.find((r) => r['Variable / Field Name'] === 'factuality')!['Form Name']).toBe('rating');

      const records = readCsv(join(out, REDCAP_FILES.records));
      expect(redcapRecordProblems(rows, records.header, records.records)).toEqual([]);
      const codeOf = new Map(readCsv(join(out, REDCAP_FILES.modelKey)).records.map((k) => [k.model_name, k.model]));
      const raterCode = new Map(RATERS.map((name, i) => [name, `R0${i + 1}`]));
      const tidy = readTidyPairwiseRows(db);
      const aspectRows = tidy.filter((row) => row.dimension !== 'pairwise');
      expect(aspectRows).toHaveLength(2 * tidy.filter((row) => row.dimension === 'pairwise').length);
      let differsFromOverall = 0;
      for (const row of aspectRows) {
        const [record] = records.records.filter(
          (r) =>
            r.rater === raterCode.get(row.rater) &&
            r.item_id === row.itemId &&
            r.model_a === codeOf.get(row.modelA) &&
            r.model_b === codeOf.get(row.modelB),
        );
        const side = row.value === 'tie' ? '3' : row.value === row.modelA ? '1' : '2';
        expect(record![variableOf[row.dimension]!]).toBe(side);
        if (side !== record!.pairwise) differsFromOverall += 1;
      }
      // The aspects are drawn apart from the overall choice, so a mix-up with it would show.
      expect(differsFromOverall).toBeGreaterThan(aspectRows.length / 3);
    } finally {
      study.cleanup();
    }
  });
});
