/** The `blindrate` command tree, built without parsing anything: the CLI runs it, the docs generator reads it. */
import { Command } from 'commander';
import { COMMANDS } from './commands/index';

export function createProgram(): Command {
  const program = new Command()
    .name('blindrate')
    .description('Blinded physician rating of LLM answers: study files, sampling, export and analysis.')
    .option('--debug', 'print stack traces on errors')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });
  for (const register of COMMANDS) register(program);
  return program;
}
