/**
 * Adding a kind is its module plus one line in its registry (docs/architecture.md, "Adding a kind"): this
 * test adds a dummy task kind and a dummy dimension kind that way, in memory, and type-checks the modules
 * that use kinds. The compiler must name every place that handles each task kind itself (a
 * Record<TaskKind, …>, a switch ending in assertNever), and nothing else; without the dummies, nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const TASK_REGISTRY = join(ROOT, 'shared/kinds/task-kinds.ts');
const DIMENSION_REGISTRY = join(ROOT, 'shared/kinds/dimension-kinds.ts');
const FIXTURE = "import { dummy, dummyDimension } from '../../test/fixtures/kinds/dummy-kinds';\n";

/** The one line each registry takes for a new kind. */
const ADD_TASK_KIND: Edit = {
  file: TASK_REGISTRY,
  from: '{ rating, preference, pairwise }',
  to: '{ rating, preference, pairwise, dummy }',
};
const ADD_DIMENSION_KIND: Edit = {
  file: DIMENSION_REGISTRY,
  from: '{ likert, binary, ordinal, nominal }',
  to: '{ likert, binary, ordinal, nominal, dummy: dummyDimension }',
};

interface Edit {
  file: string;
  from: string;
  to: string;
}

/**
 * The program's roots: every app source file holding one of the constructs that make the compiler check a
 * kind (a switch ending in assertNever, a map over every kind). Checking these alone, not the whole app,
 * keeps the test to seconds; their imports are still read for types.
 */
function kindModules(): string[] {
  const uses = /assertNever\(|Record<(Task|Dimension)Kind\b|in (Task|Dimension)Kind\]|TaskPayloadByKind\[/;
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /\.tsx?$/.test(entry.name) && uses.test(readFileSync(join(ROOT, path), 'utf8')) ? [join(ROOT, path)] : [];
    });
  return ['shared', 'db', 'electron', 'renderer/src'].flatMap(walk);
}

const roots = kindModules();
const config = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;

const parsedFiles = new Map<string, ts.SourceFile>();

/** Each diagnostic as "file › the declaration it sits in", after applying `edits` to the sources in memory. */
function kindErrors(edits: Edit[]): string[] {
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    const own = edits.filter((edit) => edit.file === file);
    if (text === undefined || own.length === 0) return text;
    return own.reduce((source, edit) => {
      if (!source.includes(edit.from)) throw new Error(`${relative(ROOT, file)} no longer holds "${edit.from}"`);
      return source.replace(edit.from, edit.to);
    }, FIXTURE + text);
  };
  host.getSourceFile = (file, language) => {
    const text = host.readFile(file);
    if (text === undefined) return undefined;
    // Parsed once for both programs; only the edited registry differs between them.
    const key = `${file}\0${text}`;
    const parsed = parsedFiles.get(key) ?? ts.createSourceFile(file, text, language);
    parsedFiles.set(key, parsed);
    return parsed;
  };
  const program = ts.createProgram(roots, config.options, host);
  return roots
    .flatMap((root) => program.getSemanticDiagnostics(program.getSourceFile(root)))
    .map((d) => `${relative(ROOT, d.file!.fileName)} › ${enclosingName(d.file!, d.start!)}`)
    .sort();
}

/** The name of the innermost named function, method or variable around `position`. */
function enclosingName(file: ts.SourceFile, position: number): string {
  let name = '(top level)';
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(file) || position >= node.getEnd()) return;
    if (
      (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
      node.name
    )
      name = node.name.getText(file);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return name;
}

// Type-checking some sixty modules takes tens of seconds on a loaded machine.
const COMPILE_TIMEOUT_MS = 180_000;

describe('kind registries', () => {
  it(
    'make the compiler name every place a new task kind must be handled, and nothing else',
    () => {
      expect(kindErrors([ADD_TASK_KIND])).toEqual([
        // What an adjudicator's final answer to it must hold, and the final value it gives.
        'electron/services/adjudication-merge.ts › finalAnswerProblem',
        'electron/services/adjudication-merge.ts › finalValue',
        // Checking a package's answers on merge, and whether one matches its audit entry.
        'electron/services/merge.ts › checkPackageContents',
        'electron/services/merge.ts › mergedChoice',
        'electron/services/merge.ts › sameAnswer',
        // What a package holds of each task, and the payload the rating screen gets.
        'electron/services/pack.ts › packagedTask',
        'electron/services/session.ts › getTask',
        // The screen of each kind (its entry, and the payload it is given).
        'renderer/src/screens/TaskScreen.tsx › Screen',
        'renderer/src/screens/TaskScreen.tsx › TASK_SCREENS',
        'renderer/src/screens/TaskScreen.tsx › TASK_SCREENS',
        // How its sample is drawn, as the coordinator's Sample step says.
        'renderer/src/screens/coordinator/Sample.tsx › INTROS',
        // Its title and noun on Home and in the task list.
        'renderer/src/screens/kindLabels.ts › KIND_NOUNS',
        'renderer/src/screens/kindLabels.ts › KIND_TITLES',
        // The renderer's draft, where a task opens, whether it holds a saved answer, its completeness check and save.
        'renderer/src/stores/task.ts › draftOf',
        'renderer/src/stores/task.ts › firstActiveIndex',
        'renderer/src/stores/task.ts › hasSavedAnswer',
        'renderer/src/stores/task.ts › isComplete',
        'renderer/src/stores/task.ts › useTask',
        // Reading its rows from a tidy ratings file.
        'shared/analysis/parse.ts › readRow',
        // Its payload type in the contract.
        'shared/api.ts › TaskPayload',
        // How a rater's tasks of it are ordered and what is drawn for each (a preference's A position).
        'shared/assignment-plan.ts › orderedOfKind',
        // The answer a returned package may hold for it.
        'shared/package-contents.ts › answerProblem',
        // Its instrument in the REDCap data dictionary.
        'shared/redcap.ts › TASK_INSTRUMENTS',
      ]);
    },
    COMPILE_TIMEOUT_MS,
  );

  // A dimension kind's differences all live in its module (shared/kinds/dimension-kind.ts); the same run
  // shows the kind modules compile as they stand, since any error in them would be listed too.
  it(
    'need nothing but the module and its line for a new dimension kind',
    () => {
      expect(kindErrors([ADD_DIMENSION_KIND])).toEqual([]);
    },
    COMPILE_TIMEOUT_MS,
  );
});
