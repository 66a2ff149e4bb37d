/**
 * `blindrate export --what redcap`: the study's ratings as a REDCap project takes them (shared/redcap.ts):
 * the data dictionary, the records file to import, and the key from model codes to model names, kept
 * apart so the records stay blind to the models. Built and checked in memory before anything is written.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StudyDb } from '../../db/connection';
import { readSampleOutputs } from '../../db/protocol';
import { readSamples } from '../../db/samples';
import { StudyError } from '../../shared/errors';
import {
  dictionaryRow,
  redcapFields,
  redcapRecordColumns,
  redcapRecords,
  REDCAP_DICTIONARY_COLUMNS,
} from '../../shared/redcap';
import { redcapDictionaryProblems } from '../../shared/redcap-rules';
import { compareCodeUnits } from '../../shared/sampling';
import { writeFileAtomically } from './atomic-file';
import { tableCsvText } from './exporter';
import { raterCodes } from './protocol';
import { readActiveRubric } from './study';
import { readTidyPairwiseRows, readTidyRatingRows } from './tidy-ratings';

export const REDCAP_FILES = {
  dictionary: 'redcap-data-dictionary.csv',
  records: 'redcap-records.csv',
  modelKey: 'redcap-model-key.csv',
} as const;

export interface RedcapExportSummary {
  fields: number;
  records: number;
  models: number;
  files: string[];
}

export function exportRedcap(db: StudyDb, outDir: string): RedcapExportSummary {
  const rows = readTidyRatingRows(db);
  const pairwise = readTidyPairwiseRows(db);
  const samples = readSamples(db);
  const fields = redcapFields(readActiveRubric(db), Math.max(1, ...samples.map((s) => s.bins)));

  const raters = raterCodes(db);
  const models = [...new Set([...rows.map((r) => r.model), ...pairwise.flatMap((r) => [r.modelA, r.modelB])])].sort(
    compareCodeUnits,
  );
  const modelCodes = new Map(models.map((model, i) => [model, `M${String(i + 1).padStart(2, '0')}`]));
  const outputIds = new Map<string, number>();
  for (const sample of samples)
    for (const o of readSampleOutputs(db, sample.id)) outputIds.set(JSON.stringify([o.itemId, o.model]), o.outputId);

  const records = redcapRecords(rows, pairwise, fields, {
    rater: (name) => {
      const code = raters.get(name);
      // Never write a name where a code belongs: a rater without assignments cannot have answers.
      if (code === undefined) throw new StudyError(`Rater "${name}" has answers but no assignment in the plan.`);
      return code;
    },
    model: (model) => modelCodes.get(model)!,
    output: (itemId, model) => outputIds.get(JSON.stringify([itemId, model])) ?? null,
  });
  const dictionary = fields.map(dictionaryRow);
  const problems = redcapDictionaryProblems(REDCAP_DICTIONARY_COLUMNS, dictionary);
  if (problems.length > 0) throw new StudyError(`The REDCap data dictionary would not import:\n${problems.join('\n')}`);

  const texts = {
    [REDCAP_FILES.dictionary]: tableCsvText({ columns: [...REDCAP_DICTIONARY_COLUMNS], rows: dictionary }),
    [REDCAP_FILES.records]: tableCsvText({ columns: redcapRecordColumns(fields), rows: records }),
    [REDCAP_FILES.modelKey]: tableCsvText({
      columns: ['model', 'model_name'],
      rows: models.map((model) => ({ model: modelCodes.get(model)!, model_name: model })),
    }),
  };
  mkdirSync(outDir, { recursive: true });
  for (const [file, text] of Object.entries(texts)) writeFileAtomically(join(outDir, file), text);
  return { fields: fields.length, records: records.length, models: models.length, files: Object.keys(texts) };
}
