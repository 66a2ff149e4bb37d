/** Study instructions (issue 21): the Markdown a coordinator writes, drawn as text that can open or load nothing. */
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '../../../shared/text/markdown';

describe('instruction Markdown', () => {
  it('reads headings, paragraphs joined across lines, bullet and numbered lists', () => {
    expect(
      parseMarkdown(
        [
          '# Before you start',
          '',
          'Read the whole discharge',
          'summary first.',
          '',
          '- Rate each answer',
          '  on its own.',
          '* Flag anything unsafe.',
          '1. Factuality',
          '2) Safety',
          '#### Deep heading',
        ].join('\n'),
      ),
    ).toEqual([
      { kind: 'heading', level: 1, content: [{ kind: 'text', text: 'Before you start' }] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Read the whole discharge summary first.' }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'text', text: 'Rate each answer on its own.' }],
          [{ kind: 'text', text: 'Flag anything unsafe.' }],
        ],
      },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'Factuality' }], [{ kind: 'text', text: 'Safety' }]],
      },
      { kind: 'heading', level: 3, content: [{ kind: 'text', text: 'Deep heading' }] },
    ]);
  });

  it('bold, italics and code, nested', () => {
    expect(parseInline('Rate **every _single_ one**, see `u`/`s` and *no* guessing')).toEqual([
      { kind: 'text', text: 'Rate ' },
      {
        kind: 'strong',
        children: [
          { kind: 'text', text: 'every ' },
          { kind: 'emphasis', children: [{ kind: 'text', text: 'single' }] },
          { kind: 'text', text: ' one' },
        ],
      },
      { kind: 'text', text: ', see ' },
      { kind: 'code', text: 'u' },
      { kind: 'text', text: '/' },
      { kind: 'code', text: 's' },
      { kind: 'text', text: ' and ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'no' }] },
      { kind: 'text', text: ' guessing' },
    ]);
  });

  it('HTML stays text; a link shows its text and address and opens nothing; an image loads nothing', () => {
    expect(parseInline('<img src=x onerror=alert(1)> <a href="https://x.test">x</a>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> <a href="https://x.test">x</a>' },
    ]);
    expect(
      parseInline('See [the protocol](https://example.org/p.pdf "title") and ![logo](https://example.org/l.png).'),
    ).toEqual([{ kind: 'text', text: 'See the protocol (https://example.org/p.pdf) and [image: logo].' }]);
    expect(parseInline('`**not bold**`')).toEqual([{ kind: 'code', text: '**not bold**' }]);
  });
});
