/**
 * MeDiSumQA runs of the CLUE benchmark (`eval/eval_MeDiSumQA.py`). A run writes `predictions.json`:
 * one JSON object per line with "Model Answer", "Ground Truth Answer" and its metrics (2025: as
 * strings, "0.45"; 2024: as numbers, with the entry's "Question" too). The dataset is a JSON array or
 * JSON lines; the 2025 release gives each entry a `discharge_summary`, the 2024 code's dataset writer
 * (`data/MeDiSumQA/post_process_qas.py`) `with_discharge_summary` and `without_discharge_summary`,
 * of which that code prompted the model with the latter; both carry the MIMIC `note_id`. Which dataset entry a line answers follows from the script: it loads the
 * dataset (a JSON array), runs `random.seed(1); random.shuffle(data)`, uses the first N entries as
 * few-shot examples and writes one line per remaining entry, in order. Replaying that shuffle joins
 * each line to its entry, and every line's ground truth must equal its entry's "Answer".
 */
import { pythonShuffled } from '../pyrandom';
import { asRawRecord, excerpt, JoinMismatch, keyText, type ItemEntry, type RawRecord, type RecordJoiner } from './join';
import { RecordError } from './record';

const MODEL_ANSWER = 'Model Answer';
const GROUND_TRUTH = 'Ground Truth Answer';

/** Canonical metric name → the column eval_MeDiSumQA.py writes it under. */
export const CLUE_METRIC_COLUMNS = {
  rouge1: 'ROUGE1',
  rouge2: 'ROUGE2',
  rougeL: 'ROUGE_L',
  bertscore_f1: 'BERT_F1',
  bertscore_p: 'BERT_P',
  bertscore_r: 'BERT_R',
  umls_f1: 'UMLS_F1',
  umls_p: 'UMLS_P',
  umls_r: 'UMLS_R',
} as const;

/** The `--map` a joined CLUE record needs: the dataset's fields arrive under their canonical names. */
export const CLUE_COLUMN_MAP: Record<string, string> = {
  output: MODEL_ANSWER,
  ...Object.fromEntries(Object.entries(CLUE_METRIC_COLUMNS).map(([metric, column]) => [`score_${metric}`, column])),
};

/** Dataset fields that may carry an entry's own id, in order of preference. */
const ID_FIELDS = ['id', 'item_id', 'ID', 'Id'];
/** Fields kept as the item's source id (several entries may share one: one note, many questions). */
const SOURCE_ID_FIELDS = ['note_id', ...ID_FIELDS];
/** The context the model was given, by dataset layout: the 2025 release, then the 2024 code's writer. */
const CONTEXT_FIELDS = ['discharge_summary', 'without_discharge_summary'];
const CATEGORY_FIELDS = ['Category', 'category'];

export interface ClueJoinOptions {
  /** How the run's order is recovered: replaying the shuffle, or by unique ground-truth text. */
  joinBy: 'position' | 'reference';
  seed: number | bigint;
  fewShot: number;
  datasetName: string;
  /** Every line's "Ground Truth Answer", read ahead, so a mismatch can say what would fit instead. */
  groundTruths: readonly string[];
  /**
   * The dataset field shown to raters as the context: a field name, null for none (the study then
   * has no context), or undefined to take the one the dataset's layout has (CONTEXT_FIELDS).
   */
  contextField?: string | null;
}

interface DatasetEntry {
  itemId: string;
  question: string;
  context: string;
  answer: string;
  category: string;
  sourceId: string;
  /** 1-based position in the dataset as published (before the shuffle). */
  number: number;
  where: string;
}

/**
 * Which field holds the context: the one asked for, or the one the layout has. Never silently none: a
 * dataset with no known context field is refused unless no context is asked for.
 */
function chooseContextField(
  entries: readonly ItemEntry[],
  datasetName: string,
  requested: string | null | undefined,
): string | null {
  if (requested === null) return null;
  const fields = Object.keys(entries[0]!.value);
  const listed = fields.map((f) => JSON.stringify(f)).join(', ');
  if (requested !== undefined) {
    if (!fields.includes(requested))
      throw new RecordError(
        null,
        `${datasetName} has no field "${requested}" for the context (its entries have ${listed})`,
      );
    return requested;
  }
  const known = CONTEXT_FIELDS.find((f) => fields.includes(f));
  if (known === undefined) {
    throw new RecordError(
      null,
      `${datasetName} has none of the context fields of MeDiSumQA's layouts (${CONTEXT_FIELDS.join(', ')}); its entries have ${listed}: name the field the model was given as context, or import without context`,
    );
  }
  return known;
}

/** Reads the dataset entries (`contextField` chosen by chooseContextField), rejecting the first one that lacks what a study needs. */
function readClueDataset(
  entries: readonly ItemEntry[],
  datasetName: string,
  contextField: string | null,
): DatasetEntry[] {
  const idField = ID_FIELDS.find((f) => f in entries[0]!.value);
  const sourceIdField = SOURCE_ID_FIELDS.find((f) => f in entries[0]!.value);
  const seenIds = new Map<string, string>();
  const dataset = entries.map(({ value, where }, i) => {
    /** `required`: present and not blank; `present`: present (a string), possibly blank. */
    const text = (field: string, required: boolean, present = required): string => {
      const v = value[field];
      if (typeof v === 'string' && (!required || v.trim() !== '')) return v;
      if (!present && (v === undefined || v === null)) return '';
      throw new RecordError(
        null,
        `${capitalise(where)}: "${field}" ${v === undefined || v === null ? 'is missing' : typeof v === 'string' ? 'is empty' : 'must be text'}`,
      );
    };
    let itemId = `entry-${i + 1}`;
    if (idField !== undefined) {
      const id = keyText(value[idField]);
      if (id === null)
        throw new RecordError(null, `${capitalise(where)}: "${idField}" is missing (the first entry has one)`);
      const other = seenIds.get(id);
      if (other !== undefined)
        throw new RecordError(
          null,
          `${datasetName}: "${idField}" ${JSON.stringify(id)} is on both ${other} and ${where}`,
        );
      seenIds.set(id, where);
      itemId = id;
    }
    const categoryField = CATEGORY_FIELDS.find((f) => f in value);
    return {
      itemId,
      question: text('Question', true),
      context: contextField === null ? '' : text(contextField, false, true),
      answer: text('Answer', true),
      category: categoryField === undefined ? '' : text(categoryField, false),
      sourceId: sourceIdField === undefined ? '' : (keyText(value[sourceIdField]) ?? ''),
      number: i + 1,
      where,
    };
  });
  if (contextField !== null && dataset.every((entry) => entry.context.trim() === '')) {
    throw new RecordError(
      null,
      `"${contextField}" is empty in every entry of ${datasetName}: name the field the model was given as context, or import without context`,
    );
  }
  return dataset;
}

/**
 * Joins predictions.json to its dataset. By position: line k is entry k of the shuffled dataset after
 * the few-shot examples. By reference: the line's ground truth names its entry (answers must be
 * unique in the dataset). Either way the first line whose ground truth differs stops the import.
 */
export function createClueJoin(entries: readonly ItemEntry[], options: ClueJoinOptions): RecordJoiner {
  if (entries.length === 0) throw new RecordError(null, `${options.datasetName} has no entries`);
  const contextField = chooseContextField(entries, options.datasetName, options.contextField);
  const dataset = readClueDataset(entries, options.datasetName, contextField);
  const { fewShot, datasetName } = options;
  if (!Number.isInteger(fewShot) || fewShot < 0 || fewShot >= dataset.length) {
    throw new RecordError(
      null,
      `${fewShot} few-shot examples: ${datasetName} has ${dataset.length} entries, so it must be a whole number from 0 to ${dataset.length - 1}`,
    );
  }
  const order = options.joinBy === 'position' ? pythonShuffled(dataset, options.seed) : dataset;
  const expected = options.joinBy === 'position' ? order.slice(fewShot) : null;
  const byAnswer = options.joinBy === 'reference' ? indexByAnswer(dataset, datasetName) : null;
  const joined = new Map<number, number>();
  const shuffleWords = `random.seed(${String(options.seed)}); random.shuffle; ${fewShot} few-shot example${fewShot === 1 ? '' : 's'} skipped`;

  /** Why the lines do not fit, judged on the whole file: another few-shot count, another order, another dataset. */
  const mismatchHint = (): string => {
    const { groundTruths } = options;
    const fits = (skip: number) => groundTruths.every((answer, i) => order[skip + i]?.answer === answer);
    const fitting = Array.from({ length: dataset.length }, (_, skip) => skip).filter(
      (skip) => skip !== fewShot && fits(skip),
    );
    if (fitting.length === 1)
      return `every line fits with ${fitting[0]} few-shot examples (the run's num_few_shot_examples)`;
    const answers = new Set(dataset.map((e) => e.answer));
    const stranger = groundTruths.findIndex((answer) => !answers.has(answer));
    if (stranger !== -1)
      return `line ${stranger + 1}'s answer is in no entry of ${datasetName}: is it the dataset version the run used?`;
    return `every answer is in ${datasetName} but not in this order: check the run's seed and that the dataset is the version the run used (one entry more or less changes the whole shuffle)`;
  };

  const findEntry = (groundTruth: string, ordinal: number): DatasetEntry => {
    if (expected) {
      const entry = expected[ordinal - 1];
      if (!entry)
        throw new RecordError(
          null,
          `is one line too many: ${datasetName} minus ${fewShot} few-shot example(s) has ${expected.length} entries`,
        );
      if (entry.answer !== groundTruth) {
        throw new JoinMismatch(
          GROUND_TRUTH,
          `does not match ${entry.where} (${shuffleWords}): ${excerpt(groundTruth)} vs ${excerpt(entry.answer)}; ${mismatchHint()}`,
        );
      }
      return entry;
    }
    const entry = byAnswer!.get(groundTruth);
    if (!entry)
      throw new RecordError(
        GROUND_TRUTH,
        `${excerpt(groundTruth)} is no entry's "Answer" in ${datasetName}: is it the dataset version the run used?`,
      );
    return entry;
  };

  return {
    addedColumns: ['item_id', 'question', 'context', 'reference', 'category', 'source_id'],
    provenance:
      options.joinBy === 'position'
        ? { from: 'clue', dataset: datasetName, contextField, joinBy: 'position', seed: String(options.seed), fewShot }
        : { from: 'clue', dataset: datasetName, contextField, joinBy: 'reference' },
    join(raw, ordinal) {
      const record = asRawRecord(raw);
      const groundTruth = record[GROUND_TRUTH];
      if (typeof groundTruth !== 'string')
        throw new RecordError(
          GROUND_TRUTH,
          groundTruth === undefined || groundTruth === null ? 'is missing' : 'must be text',
        );
      const entry = findEntry(groundTruth, ordinal);
      const earlier = joined.get(entry.number);
      if (earlier !== undefined)
        throw new RecordError(GROUND_TRUTH, `is the answer of ${entry.where}, which line ${earlier} already answered`);
      joined.set(entry.number, ordinal);
      const out: RawRecord = { [MODEL_ANSWER]: record[MODEL_ANSWER] };
      for (const column of Object.values(CLUE_METRIC_COLUMNS)) if (column in record) out[column] = record[column];
      return {
        ...out,
        item_id: entry.itemId,
        question: entry.question,
        context: entry.context,
        reference: entry.answer,
        category: entry.category,
        source_id: entry.sourceId,
      };
    },
    finish(records) {
      if (expected && records !== expected.length) {
        throw new RecordError(
          null,
          `has ${records} predictions but ${datasetName} minus ${fewShot} few-shot example${fewShot === 1 ? '' : 's'} has ${expected.length} entries: an unfinished run, another number of few-shot examples or another dataset version`,
        );
      }
    },
  };
}

function indexByAnswer(dataset: readonly DatasetEntry[], datasetName: string): Map<string, DatasetEntry> {
  const groups = new Map<string, DatasetEntry[]>();
  for (const entry of dataset) groups.set(entry.answer, [...(groups.get(entry.answer) ?? []), entry]);
  const repeated = [...groups.values()].filter((group) => group.length > 1);
  if (repeated.length > 0) {
    const listed = repeated.map(
      (group) => `${excerpt(group[0]!.answer, 40)} (entries ${group.map((e) => e.number).join(', ')})`,
    );
    throw new RecordError(
      null,
      `Joining by reference needs unique answers, but ${datasetName} repeats ${repeated.length}: ${listed.join('; ')}`,
    );
  }
  return new Map([...groups].map(([answer, group]) => [answer, group[0]!]));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
