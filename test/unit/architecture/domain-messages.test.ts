/**
 * Messages speak the domain: nothing below the front ends (electron/services, shared/, db/) may name a
 * command-line flag, since the same message reaches the app, which has fields, not flags. The CLI adds its
 * flags at its one translation point (electron/cli/cli-words.ts), the app its field labels at its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SCANNED = ['electron/services', 'shared', 'db'];
/** Text with `--` that is no message, and why. */
const NOT_MESSAGES: Record<string, string> = {
  'shared/report/style.ts': "the report's CSS (custom properties such as --ink)",
  'shared/analysis/dictionary.ts': 'the data dictionary documents how the CLI writes each export (`--what ratings`)',
};
/** A flag as a command line spells it: two dashes and a lower-case word, not inside a longer token. */
const FLAG = /(?:^|[^\w-])(--[a-z][a-z0-9_-]*)/;

function* typeScriptFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* typeScriptFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/** Every string or template text of a file that names a flag, as "line: flag in text". */
export function flagsInText(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const flag = FLAG.exec(node.text)?.[1];
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (flag) found.push(`${line}: ${flag} in ${JSON.stringify(node.text.trim().slice(0, 60))}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('domain messages below the front ends', () => {
  it('finds a flag in a message, in a template part and not in a longer token', () => {
    const sample = [
      "throw new StudyError('--per-bin must be a positive whole number.');",
      'const m = `Model ${name}: lower --repeats`;',
      "const css = 'a-b--c'; const dash = '— a dash';",
    ].join('\n');
    expect(flagsInText('sample.ts', sample)).toEqual([
      '1: --per-bin in "--per-bin must be a positive whole number."',
      '2: --repeats in ": lower --repeats"',
    ]);
  });

  it('has no command-line flag in any message of electron/services, shared/ or db/', () => {
    const problems = SCANNED.flatMap((folder) =>
      [...typeScriptFiles(join(ROOT, folder))].flatMap((path) => {
        const file = relative(ROOT, path).replaceAll('\\', '/');
        if (file in NOT_MESSAGES) return [];
        return flagsInText(file, readFileSync(path, 'utf8')).map((problem) => `${file}:${problem}`);
      }),
    );
    expect(problems).toEqual([]);
  });
});
