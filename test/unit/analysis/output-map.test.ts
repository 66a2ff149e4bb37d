import { describe, expect, it } from 'vitest';
import { OutputMap, outputCount } from '../../../shared/analysis';

describe('OutputMap: values per output (item id × model)', () => {
  it('keeps one value per output, made the first time it is asked for, in that order', () => {
    const outputs = new OutputMap<string[]>();
    const rows = [
      { itemId: 'q2', model: 'm1', rater: 'a' },
      { itemId: 'q1', model: 'm1', rater: 'a' },
      { itemId: 'q2', model: 'm1', rater: 'b' },
      { itemId: 'q2', model: 'm2', rater: 'a' },
    ];
    for (const row of rows) outputs.obtain(row, () => []).push(row.rater);
    expect(outputs.values()).toEqual([['a', 'b'], ['a'], ['a']]);
    expect(outputs.size).toBe(3);
    expect(outputs.get({ itemId: 'q2', model: 'm1' })).toEqual(['a', 'b']);
    expect(outputs.get({ itemId: 'q3', model: 'm1' })).toBeUndefined();
  });

  it('keeps outputs apart whose item id and model would run together as one string', () => {
    const rows = [
      { itemId: 'a', model: 'bc' },
      { itemId: 'ab', model: 'c' },
      { itemId: 'a:b', model: 'c' },
      { itemId: 'a', model: ':bc' },
    ];
    expect(outputCount(rows)).toBe(4);
    expect(outputCount([...rows, ...rows])).toBe(4);
  });
});
