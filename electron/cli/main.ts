/**
 * `blindrate` command line. Each command lives in commands/<name>.ts and registers itself on the
 * program; this file only wires them and turns failures into one readable line and an exit code.
 */
import { Command } from 'commander';
import { StudyError } from '../../db/connection';
import { COMMANDS } from './commands/index';

const program = new Command()
  .name('blindrate')
  .description('Blinded physician rating of LLM answers: study files, sampling, export and analysis.')
  .option('--debug', 'print stack traces on errors')
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(text) });

for (const register of COMMANDS) register(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const debug = program.opts<{ debug?: boolean }>().debug ?? process.argv.includes('--debug');
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`blindrate: ${debug && error instanceof Error ? (error.stack ?? message) : message}\n`);
  process.exitCode = error instanceof StudyError ? error.exitCode : 1;
}
