/**
 * Joining a file of model outputs with the file that holds its items (questions, contexts,
 * references), for benchmark runs that write only the outputs. A joiner turns each raw output
 * record into a record that also carries its item's fields; the column mapping and validation of
 * shared/import/record.ts then treat it like any other record. Pure: files are read elsewhere.
 */
import { RecordError } from './record';

export type RawRecord = Record<string, unknown>;

/**
 * A record that shows the join itself is wrong for the whole file (another order, another dataset):
 * the record's message says so, and the records after it are not checked against the join, as each
 * would only repeat it.
 */
export class JoinMismatch extends RecordError {
  constructor(field: string | null, message: string) {
    super(field, message);
    this.name = 'JoinMismatch';
  }
}

/** One record of an items file, with where it is, for messages ("Record 3 of items.json"). */
export interface ItemEntry {
  value: RawRecord;
  /** The entry in words: "record 3 of MeDiSumQA.json", "line 12 of test.source". */
  where: string;
}

/** Joins the records of one output file, in file order. */
export interface RecordJoiner {
  /** Columns every joined record gains, so a CSV header need not have them. */
  readonly addedColumns: readonly string[];
  /** How the join was made (files, key, seed…), kept in the import's audit row. */
  readonly provenance: Record<string, unknown>;
  /** The output record with its item's fields; `ordinal` counts records from 1. Throws RecordError. */
  join(raw: unknown, ordinal: number): RawRecord;
  /** After the last record: checks that the file covered what it must. Throws RecordError. */
  finish(records: number): void;
}

/** `--on position` (the n-th output is the n-th item) or `--on FIELD` / `--on OUTPUT_FIELD=ITEM_FIELD`. */
export type JoinKey = { kind: 'position' } | { kind: 'field'; outputField: string; itemField: string };

export function parseJoinKey(spec: string): JoinKey {
  const text = spec.trim();
  if (text === 'position') return { kind: 'position' };
  const eq = text.indexOf('=');
  const [outputField, itemField] = eq === -1 ? [text, text] : [text.slice(0, eq).trim(), text.slice(eq + 1).trim()];
  if (outputField === '' || itemField === '') {
    throw new RecordError(null, `The join key needs "position", FIELD or OUTPUT_FIELD=ITEM_FIELD, got "${spec}"`);
  }
  return { kind: 'field', outputField, itemField };
}

export function asRawRecord(raw: unknown): RawRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new RecordError(null, 'is not an object with fields');
  return raw as RawRecord;
}

/** A value as join text: strings as they are, numbers (JSON ids, pandas indexes) in decimal. */
export function keyText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A quoted excerpt for one-line messages. */
export function excerpt(text: unknown, max = 60): string {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}

/**
 * The generic join behind `--join ITEMS --on KEY`: each output record gains its item's fields. A
 * field present in both with different values is an error (one of the two files is not what the
 * other expects); every output must find exactly one item, and no item is used twice.
 */
export function createItemJoin(items: readonly ItemEntry[], key: JoinKey, itemsName: string): RecordJoiner {
  const columns = [...new Set(items.flatMap((item) => Object.keys(item.value)))];
  const used = new Map<number, number>();
  const byKey = key.kind === 'field' ? indexItems(items, key.itemField, itemsName) : null;

  const findItem = (record: RawRecord, ordinal: number): number => {
    if (key.kind === 'position') {
      if (ordinal > items.length)
        throw new RecordError(null, `has no item: ${itemsName} has only ${items.length} (joined by position)`);
      return ordinal - 1;
    }
    const value = keyText(record[key.outputField]);
    if (value === null) throw new RecordError(key.outputField, 'is missing (it is the join key)');
    const index = byKey!.get(value);
    if (index === undefined)
      throw new RecordError(
        key.outputField,
        `is ${JSON.stringify(value)}, which no item of ${itemsName} has as "${key.itemField}"`,
      );
    return index;
  };

  return {
    addedColumns: columns,
    provenance: { items: itemsName, on: key.kind === 'position' ? 'position' : `${key.outputField}=${key.itemField}` },
    join(raw, ordinal) {
      const record = asRawRecord(raw);
      const index = findItem(record, ordinal);
      const earlier = used.get(index);
      if (earlier !== undefined)
        throw new RecordError(null, `joins ${items[index]!.where}, which output record ${earlier} already joined`);
      used.set(index, ordinal);
      const item = items[index]!.value;
      for (const [field, value] of Object.entries(item)) {
        if (field in record && !sameValue(record[field], value)) {
          throw new RecordError(
            field,
            `differs from ${items[index]!.where} (${excerpt(record[field])} vs ${excerpt(value)})`,
          );
        }
      }
      return { ...item, ...record };
    },
    finish(records) {
      if (key.kind === 'position' && records !== items.length) {
        throw new RecordError(
          null,
          `has ${records} records but ${itemsName} has ${items.length} items; joining by position needs one output per item`,
        );
      }
    },
  };
}

/** Equal as stored, or as join text (so the id 17 in one file equals "17" in the other). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (keyText(a) !== null && keyText(a) === keyText(b));
}

function indexItems(items: readonly ItemEntry[], field: string, itemsName: string): Map<string, number> {
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    const value = keyText(item.value[field]);
    if (value === null) throw new RecordError(null, `${item.where}: "${field}" is missing (it is the join key)`);
    const other = index.get(value);
    if (other !== undefined) {
      throw new RecordError(
        null,
        `${itemsName}: "${field}" ${JSON.stringify(value)} is on both ${items[other]!.where} and ${item.where}; a join key must be unique`,
      );
    }
    index.set(value, i);
  });
  return index;
}
