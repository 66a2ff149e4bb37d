/**
 * The problems an import finds. The whole input is checked in one pass and every problem is listed,
 * each naming its file and record as the coordinator finds them, so one run shows everything to fix.
 */
import { StudyError } from '../errors';

/** One problem of an import's input. */
export interface ImportProblem {
  /** The file's name as shown to the coordinator (its base name). */
  file: string;
  /**
   * The record in words (shared/import/format.ts describeRecord): "row 42 (line 3122)", "line 12",
   * "record 3"; "header" for a CSV header; null for the file as a whole.
   */
  record: string | null;
  /** The field or column concerned, as the file names it; null when the problem is not one field's. */
  field: string | null;
  /** The problem in words, complete on its own (it names the field when there is one). */
  message: string;
}

/** Problems listed per file; the rest are counted. */
export const PROBLEMS_SHOWN_PER_FILE = 100;

/** The problems of one file: the first PROBLEMS_SHOWN_PER_FILE kept, every one counted. */
export class FileProblems {
  readonly shown: ImportProblem[] = [];
  total = 0;

  constructor(readonly file: string) {}

  add(record: string | null, field: string | null, message: string): void {
    this.total += 1;
    if (this.shown.length < PROBLEMS_SHOWN_PER_FILE) this.shown.push({ file: this.file, record, field, message });
  }
}

/** One problem as one line: `Row 42 (line 3122) of outputs.csv: "output" is missing.` */
export function describeProblem(problem: ImportProblem): string {
  const place =
    problem.record === null
      ? problem.file
      : `${problem.record.charAt(0).toUpperCase()}${problem.record.slice(1)} of ${problem.file}`;
  return `${place}: ${problem.message}`;
}

/**
 * A single problem as its line; several under a line that counts them, each on its own line, then for
 * each file with more than were listed how many more.
 */
export function describeProblems(files: readonly FileProblems[]): string {
  const withProblems = files.filter((f) => f.total > 0);
  const total = withProblems.reduce((sum, f) => sum + f.total, 0);
  if (total === 1) return describeProblem(withProblems[0]!.shown[0]!);
  const lines = [
    `Nothing was imported: ${total} problem${total === 1 ? '' : 's'} in ${withProblems.length} file${withProblems.length === 1 ? '' : 's'}.`,
  ];
  for (const file of withProblems) {
    lines.push(...file.shown.map(describeProblem));
    const more = file.total - file.shown.length;
    if (more > 0)
      lines.push(
        `${file.file}: ${more} more problem${more === 1 ? '' : 's'} (the first ${file.shown.length} are listed).`,
      );
  }
  return lines.join('\n');
}

/**
 * The input had problems, so nothing was imported (the study is as it was). `problems` lists them,
 * at most PROBLEMS_SHOWN_PER_FILE per file, in file and record order; `totals` counts every problem of
 * each file (by file name), listed or not. The message is the same list, one problem per line.
 */
export class ImportRefused extends StudyError {
  readonly problems: ImportProblem[];
  readonly totals: Record<string, number>;

  constructor(files: readonly FileProblems[]) {
    super(describeProblems(files));
    this.name = 'ImportRefused';
    this.problems = files.flatMap((f) => f.shown);
    this.totals = Object.fromEntries(files.filter((f) => f.total > 0).map((f) => [f.file, f.total]));
  }
}
