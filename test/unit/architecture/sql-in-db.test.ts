/**
 * Every SQL statement lives in db/: application code outside it never prepares or executes SQL, never
 * holds SQL text, and never casts a database row type (the row types and their casts belong to db/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** Application folders outside db/ (tests and their fixtures may build databases by hand). */
const SCANNED = ['electron', 'shared', 'renderer', 'build'];

const SQL_TEXT =
  /\b(?:SELECT\s+(?:DISTINCT\s+)?[\w*(]|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|UNIQUE|VIEW|TRIGGER)|ALTER\s+TABLE|DROP\s+(?:TABLE|INDEX)|BEGIN\s+(?:IMMEDIATE|EXCLUSIVE|DEFERRED|TRANSACTION)|PRAGMA\s+\w)/;
const ROW_CAST = /\bas\s+(?:readonly\s+)?\w+Row\b/;

/** prepare() and pragma() are better-sqlite3's; exec() is also RegExp's, so only exec with literal text counts. */
function isDatabaseCall(method: string, firstArgument: ts.Expression | undefined): boolean {
  if (method === 'prepare' || method === 'pragma') return true;
  return (
    method === 'exec' &&
    firstArgument !== undefined &&
    (ts.isStringLiteral(firstArgument) || ts.isTemplateLiteral(firstArgument))
  );
}

/** Problems in one file's text, as "line: what". */
export function sqlProblems(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isTemplateHead(node)
    ) {
      if (SQL_TEXT.test(node.text))
        problems.push(`${lineOf(node)}: SQL text ${JSON.stringify(node.text.trim().slice(0, 40))}`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      isDatabaseCall(node.expression.name.text, node.arguments[0])
    ) {
      problems.push(`${lineOf(node)}: database call .${node.expression.name.text}()`);
    }
    if (ts.isAsExpression(node) && ROW_CAST.test(`as ${node.type.getText(source)}`)) {
      problems.push(`${lineOf(node)}: row type cast ${node.type.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.(?:ts|tsx|mts|js|mjs|cjs)$/.test(entry.name) && !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('SQL lives in db/', () => {
  it('finds prepared statements, executed SQL, SQL text and row casts in a snippet (so the scan below can fail)', () => {
    const snippet = [
      "const rows = db.prepare('SELECT id FROM raters').all() as RaterRow[];",
      "db.exec('BEGIN IMMEDIATE');",
      'const sql = `DELETE FROM tasks WHERE sample_id = ${id}`;',
      "db.pragma('user_version');",
      "const label = 'Select a rater';",
      'const match = /x/.exec(text);',
    ].join('\n');
    expect(sqlProblems('snippet.ts', snippet)).toEqual([
      '1: row type cast RaterRow[]',
      '1: database call .prepare()',
      '1: SQL text "SELECT id FROM raters"',
      '2: database call .exec()',
      '2: SQL text "BEGIN IMMEDIATE"',
      '3: SQL text "DELETE FROM tasks WHERE sample_id ="',
      '4: database call .pragma()',
    ]);
  });

  it('has no SQL, database calls or row casts in electron/, shared/, renderer/ or build/', () => {
    const files = SCANNED.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.map((file) => relative(ROOT, file))).toContain(join('electron', 'services', 'session.ts'));
    const found = files.flatMap((file) =>
      sqlProblems(file, readFileSync(file, 'utf8')).map((problem) => `${relative(ROOT, file)}:${problem}`),
    );
    expect(found).toEqual([]);
  });
});
