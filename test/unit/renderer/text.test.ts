import { describe, expect, it } from 'vitest';
import { findMatches } from '../../../renderer/src/text/find';
import { splitSections } from '../../../renderer/src/text/sections';

describe('splitSections', () => {
  it('starts a section at each "Heading:" line and keeps the text before the first as a preamble', () => {
    const text = 'Name: ___   Sex: F\n\nChief Complaint:\nChest pain\n\nDISCHARGE DIAGNOSIS:\nNSTEMI\nHypertension\n';
    expect(splitSections(text)).toEqual([
      { title: null, body: 'Name: ___   Sex: F' },
      { title: 'Chief Complaint', body: 'Chest pain' },
      { title: 'DISCHARGE DIAGNOSIS', body: 'NSTEMI\nHypertension' },
    ]);
  });

  it('leaves "Field: value" lines and long sentences ending in a colon as body text', () => {
    const sentence = 'The patient was instructed to take the following medications at home as prescribed:';
    expect(splitSections(`Sex: F\n${sentence}\n- aspirin`)).toEqual([
      { title: null, body: `Sex: F\n${sentence}\n- aspirin` },
    ]);
  });
});

describe('findMatches', () => {
  it('finds every case-insensitive occurrence, with offsets into the original text', () => {
    const text = 'Allergy: penicillin. No other allergy; ALLERGY list reviewed.';
    const ranges = findMatches(text, 'allergy');
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['Allergy', 'allergy', 'ALLERGY']);
  });

  it('treats the query literally and ignores a blank query', () => {
    expect(findMatches('dose 2.5 mg (bid)', '(bid)')).toEqual([[12, 17]]);
    expect(findMatches('dose 2x5 mg', '2.5')).toEqual([]);
    expect(findMatches('anything', '   ')).toEqual([]);
  });
});
