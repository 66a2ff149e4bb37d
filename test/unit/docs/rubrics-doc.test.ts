/**
 * docs/rubrics.md and the presets agree: the page lists every preset; for the instrument presets (PDSQI-9,
 * QUEST) its item table names exactly the preset's dimensions, in order, each with a source that the page's
 * list of sources defines, and the page carries the DOI the preset cites; `init`'s help names every preset.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../../electron/cli/program';
import { RUBRIC_PRESETS, type Rubric } from '../../../shared/rubric';

const PAGE = readFileSync(new URL('../../../docs/rubrics.md', import.meta.url), 'utf8');

/** The text of the page's `## \`id\`` section, up to the next `## ` heading. */
function section(id: string): string {
  const start = PAGE.indexOf(`\n## \`${id}\`\n`);
  if (start === -1) return '';
  const end = PAGE.indexOf('\n## ', start + 1);
  return PAGE.slice(start, end === -1 ? undefined : end);
}

/** The cells of a Markdown table's body rows whose first cell is a `code` key: [key, …other cells]. */
function keyRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => /^\| `[a-z][a-z0-9_-]*` \|/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    )
    .map(([key, ...rest]) => [key!.slice(1, -1), ...rest]);
}

const doiOf = (rubric: Rubric) => /doi:(10\.\d{4,}\/[^\s,;)]+[^\s,;).])/.exec(rubric.source)?.[1];

describe('docs/rubrics.md', () => {
  it('has a row for every preset in its overview table', () => {
    const overview = PAGE.slice(0, PAGE.indexOf('\n## '));
    expect(keyRows(overview).map(([id]) => id)).toEqual(Object.keys(RUBRIC_PRESETS));
  });

  it.each(['pdsqi-9', 'quest'])('lists every dimension of %s with its source, in the preset’s order', (id) => {
    const rubric = RUBRIC_PRESETS[id]!;
    const rows = keyRows(section(id));
    expect(rows.map(([key]) => key)).toEqual(rubric.dimensions.map((d) => d.key));
    const defined = new Set([...PAGE.matchAll(/^- \*\*(\[[A-Z]\d+\])\*\*/gm)].map((m) => m[1]));
    for (const row of rows) {
      const cited = row.at(-1)!.match(/\[[A-Z]\d+\]/g) ?? [];
      expect(cited, `${row[0]} names no source`).not.toEqual([]);
      for (const reference of cited) expect(defined, `${row[0]} cites ${reference}`).toContain(reference);
    }
    expect(doiOf(rubric)).toBeDefined();
    expect(section(id)).not.toBe('');
    expect(PAGE).toContain(`doi:${doiOf(rubric)}`);
  });

  it('is named, with every preset, by the help of `blindrate init`', () => {
    const init = createProgram().commands.find((c) => c.name() === 'init')!;
    const rubricOption = init.options.find((o) => o.long === '--rubric')!;
    for (const id of Object.keys(RUBRIC_PRESETS)) expect(rubricOption.description).toContain(id);
    expect(rubricOption.description).toContain('docs/rubrics.md');
  });
});
