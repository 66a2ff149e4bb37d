import { describe, expect, it } from 'vitest';
import { CHQ_SUMM_RUBRIC, MEDISUMQA_RUBRIC, parseRubric, type Rubric } from '../../../shared/rubric';

/** The MeDiSumQA preset with its safety dimension's keys replaced. */
function withSafetyKeys(unsafe: string, safe: string): Rubric {
  const dimensions = MEDISUMQA_RUBRIC.dimensions.map((d) =>
    d.key === 'safety'
      ? {
          ...d,
          scale: [
            { ...d.scale[0]!, key: unsafe },
            { ...d.scale[1]!, key: safe },
          ],
        }
      : d,
  );
  return { ...MEDISUMQA_RUBRIC, dimensions };
}

describe('rubric shortcut keys', () => {
  it('accept both presets', () => {
    expect(parseRubric(MEDISUMQA_RUBRIC)).toEqual(MEDISUMQA_RUBRIC);
    expect(parseRubric(CHQ_SUMM_RUBRIC)).toEqual(CHQ_SUMM_RUBRIC);
  });

  it('refuse a letter key the rating screen uses for flag, comment, find, pause or help', () => {
    expect(() => parseRubric(withSafetyKeys('u', 'f'))).toThrow(
      'Invalid rubric at top level: dimension "safety" uses the key "f", which the rating screen needs (f c / [ ] p h ?)',
    );
    expect(() => parseRubric(withSafetyKeys('C', 's'))).toThrow('uses the key "c"');
    expect(() => parseRubric(withSafetyKeys('P', 's'))).toThrow('uses the key "p"');
    expect(() => parseRubric(withSafetyKeys('u', 'h'))).toThrow('uses the key "h"');
  });

  it('refuse the same letter key on two dimensions, since letter keys apply whichever dimension is active', () => {
    const second = { ...MEDISUMQA_RUBRIC.dimensions.at(-1)!, key: 'harm', label: 'Harm' };
    const rubric = { ...MEDISUMQA_RUBRIC, dimensions: [...MEDISUMQA_RUBRIC.dimensions, second] };
    expect(() => parseRubric(rubric)).toThrow('dimensions "safety" and "harm" both use the key "u"');
  });

  it('allow every dimension to use the same digits: digits rate the active dimension only', () => {
    expect(
      parseRubric(withSafetyKeys('1', '2'))
        .dimensions.at(-1)!
        .scale.map((p) => p.key),
    ).toEqual(['1', '2']);
  });
});
