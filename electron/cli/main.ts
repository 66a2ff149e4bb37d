/**
 * `blindrate` command line. Each command lives in commands/<name>.ts and registers itself on the
 * program (program.ts); this file only runs it and turns failures into one readable line (in the CLI's words, cli-words.ts)
 * and an exit code.
 */
import { StudyError } from '../../shared/errors';
import { inCliWords } from './cli-words';
import { createProgram } from './program';

const program = createProgram();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const debug = program.opts<{ debug?: boolean }>().debug ?? process.argv.includes('--debug');
  const message = inCliWords(error instanceof Error ? error.message : String(error));
  process.stderr.write(`blindrate: ${debug && error instanceof Error ? (error.stack ?? message) : message}\n`);
  process.exitCode = error instanceof StudyError ? error.exitCode : 1;
}
