import { describe, expect, it } from 'vitest';
import { createChqSummJoin, pythonStrippedLines } from '../../../shared/import/chq-summ';
import { createClueJoin, type ClueJoinOptions } from '../../../shared/import/clue';
import { createItemJoin, parseJoinKey, type ItemEntry } from '../../../shared/import/join';
import { EMPTY_COLUMN_MAP, toOutputRecord } from '../../../shared/import/record';
import { pythonShuffled } from '../../../shared/pyrandom';

const entries = (values: Array<Record<string, unknown>>, name = 'items.json'): ItemEntry[] =>
  values.map((value, i) => ({ value, where: `record ${i + 1} of ${name}` }));

describe('parseJoinKey', () => {
  it('reads position, FIELD and OUTPUT_FIELD=ITEM_FIELD', () => {
    expect(parseJoinKey('position')).toEqual({ kind: 'position' });
    expect(parseJoinKey('id')).toEqual({ kind: 'field', outputField: 'id', itemField: 'id' });
    expect(parseJoinKey('#0=index')).toEqual({ kind: 'field', outputField: '#0', itemField: 'index' });
    expect(() => parseJoinKey('id=')).toThrow(
      'The join key needs "position", FIELD or OUTPUT_FIELD=ITEM_FIELD, got "id="',
    );
  });
});

describe('createItemJoin', () => {
  const items = entries([
    { id: 'a', question: 'Qa?' },
    { id: 'b', question: 'Qb?' },
  ]);

  it('by position: the n-th output gains the n-th item, and the counts must agree', () => {
    const joiner = createItemJoin(items, parseJoinKey('position'), 'items.json');
    expect(joiner.join({ output: 'x' }, 1)).toEqual({ id: 'a', question: 'Qa?', output: 'x' });
    expect(() => joiner.finish(1)).toThrow(
      'has 1 records but items.json has 2 items; joining by position needs one output per item',
    );
    expect(() => joiner.join({ output: 'z' }, 3)).toThrow('has no item: items.json has only 2 (joined by position)');
  });

  it('by field: numbers equal their text, a key is used once, an unknown key names the field', () => {
    const joiner = createItemJoin(entries([{ id: 7, question: 'Q7?' }]), parseJoinKey('id'), 'items.json');
    expect(joiner.join({ id: '7', output: 'x' }, 1)).toEqual({ id: '7', question: 'Q7?', output: 'x' });
    expect(() => joiner.join({ id: 7, output: 'y' }, 2)).toThrow(
      'joins record 1 of items.json, which output record 1 already joined',
    );
    expect(() => joiner.join({ id: 'nope', output: 'y' }, 3)).toThrow(
      '"id" is "nope", which no item of items.json has as "id"',
    );
  });

  it('refuses a field both files have with different values, and a key two items share', () => {
    const joiner = createItemJoin(items, parseJoinKey('id'), 'items.json');
    expect(() => joiner.join({ id: 'a', question: 'Other?' }, 1)).toThrow(
      '"question" differs from record 1 of items.json ("Other?" vs "Qa?")',
    );
    expect(() => createItemJoin(entries([{ id: 'a' }, { id: 'a' }]), parseJoinKey('id'), 'items.json')).toThrow(
      'items.json: "id" "a" is on both record 1 of items.json and record 2 of items.json; a join key must be unique',
    );
  });
});

describe('createClueJoin', () => {
  const dataset = Array.from({ length: 6 }, (_, i) => ({
    discharge_summary: `DS ${i}`,
    Question: `Q${i}?`,
    Answer: `A${i}.`,
  }));
  const options = (more: Partial<ClueJoinOptions> = {}): ClueJoinOptions => ({
    joinBy: 'position',
    seed: 1,
    fewShot: 1,
    datasetName: 'MeDiSumQA.json',
    groundTruths: [],
    ...more,
  });
  const run = pythonShuffled(dataset, 1).slice(1);
  const line = (entry: (typeof dataset)[number]) => ({
    'Model Answer': 'M',
    'Ground Truth Answer': entry.Answer,
    ROUGE1: '0.45',
    Extra: 'dropped',
  });

  it('joins line k to shuffled entry k after the few-shot examples, id from the unshuffled position', () => {
    const joiner = createClueJoin(entries(dataset, 'MeDiSumQA.json'), options());
    const joined = joiner.join(line(run[0]!), 1);
    const position = dataset.indexOf(run[0]!);
    expect(joined).toEqual({
      'Model Answer': 'M',
      ROUGE1: '0.45',
      item_id: `entry-${position + 1}`,
      question: run[0]!.Question,
      context: run[0]!.discharge_summary,
      reference: run[0]!.Answer,
      category: '',
      source_id: '',
    });
    expect(() => joiner.finish(1)).toThrow(
      'has 1 predictions but MeDiSumQA.json minus 1 few-shot example has 5 entries',
    );
  });

  it("uses the dataset's own id and category when it has them, and refuses repeated ids", () => {
    const withIds = dataset.map((e, i) => ({ ...e, id: `q${i}`, Category: 'Medications' }));
    const joined = createClueJoin(entries(withIds), options({ joinBy: 'reference' })).join(line(dataset[2]!), 1);
    expect(joined).toMatchObject({ item_id: 'q2', category: 'Medications', source_id: 'q2' });
    const repeated = withIds.map((e) => ({ ...e, id: 'same' }));
    expect(() => createClueJoin(entries(repeated, 'MeDiSumQA.json'), options())).toThrow(
      'MeDiSumQA.json: "id" "same" is on both record 1 of MeDiSumQA.json and record 2 of MeDiSumQA.json',
    );
  });

  it('names the dataset entry that lacks a field, and a few-shot count the dataset cannot have', () => {
    expect(() => createClueJoin(entries([{ Question: 'Q?', discharge_summary: 'DS' }]), options())).toThrow(
      'Record 1 of items.json: "Answer" is missing',
    );
    expect(() => createClueJoin(entries(dataset), options({ fewShot: 6 }))).toThrow(
      '6 few-shot examples: MeDiSumQA.json has 6 entries, so it must be a whole number from 0 to 5',
    );
  });

  it('by reference: lists answers the dataset repeats', () => {
    const repeated = [...dataset, { ...dataset[0]!, Question: 'Again?' }];
    expect(() => createClueJoin(entries(repeated), options({ joinBy: 'reference' }))).toThrow(
      'Joining by reference needs unique answers, but MeDiSumQA.json repeats 1: "A0." (entries 1, 7)',
    );
  });

  it('hints at a missing dataset entry when a ground truth is in no entry', () => {
    const joiner = createClueJoin(entries(dataset), options({ groundTruths: ['Not in the dataset.'] }));
    expect(() => joiner.join({ 'Model Answer': 'M', 'Ground Truth Answer': 'Not in the dataset.' }, 1)).toThrow(
      "line 1's answer is in no entry of MeDiSumQA.json: is it the dataset version the run used?",
    );
  });
});

describe('CHQ-Summ', () => {
  it('splits and strips lines as Python readlines() and str.strip() do', () => {
    expect(pythonStrippedLines('  a \r\nb\rc\n\u00a0d\u0085\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(pythonStrippedLines('x\n\n')).toEqual(['x', '']);
    expect(pythonStrippedLines('\uFEFFkeep')).toEqual(['\uFEFFkeep']); // U+FEFF is not whitespace to Python
    expect(pythonStrippedLines('')).toEqual([]);
  });

  it('joins by the pandas index and refuses indexes that are not row numbers, too large, or repeated', () => {
    const joiner = createChqSummJoin({ name: 'test.source', lines: ['Q1', 'Q2'] }, null);
    expect(joiner.join({ '#0': '1', 'Generated Text': 'g', 'Actual Text': 'a' }, 1)).toEqual({
      'Generated Text': 'g',
      'Actual Text': 'a',
      item_id: 'line-2',
      question: 'Q2',
    });
    expect(() => joiner.join({ '#0': '1' }, 2)).toThrow('"#0" 1 appears twice (record 1 and 2)');
    expect(() => joiner.join({ '#0': '2' }, 3)).toThrow('"#0" is 2, but test.source has only 2 lines (0 to 1)');
    expect(() => joiner.join({ '#0': 'x' }, 4)).toThrow(
      '"#0" (the unnamed pandas index column) must be a row number 0, 1, 2, …, got "x"',
    );
    expect(() => joiner.finish(1)).toThrow('has 1 rows but test.source has 2 lines');
  });
});

describe('scores given as text', () => {
  const record = (value: string) => ({ item_id: 'i', model: 'm', question: 'q', output: 'o', score_rouge1: value });
  it('reads numeric strings ("0.45") as numbers and names the field of one that is not finite', () => {
    expect(toOutputRecord(record('0.45'), EMPTY_COLUMN_MAP).scores).toEqual({ rouge1: 0.45 });
    expect(() => toOutputRecord(record('nan'), EMPTY_COLUMN_MAP)).toThrow('"score_rouge1" is not a number: "nan"');
    expect(() => toOutputRecord(record('1e999'), EMPTY_COLUMN_MAP)).toThrow(
      '"score_rouge1" is not a finite number: "1e999"',
    );
    const parsed = JSON.parse(
      '{"item_id":"i","model":"m","question":"q","output":"o","scores":{"bertscore":1e999}}',
    ) as unknown;
    expect(() => toOutputRecord(parsed, EMPTY_COLUMN_MAP)).toThrow(
      '"scores.bertscore" is not a finite number: Infinity',
    );
  });
});
