/**
 * docs/cli.md, generated from the commands' own help so the reference cannot drift from the code
 * (test/unit/docs/cli-reference.test.ts compares the two; `npm run docs` rewrites the file).
 */
import type { Command } from 'commander';

const HELP_WIDTH = 100;

function helpText(command: Command): string {
  command.configureOutput({ getOutHelpWidth: () => HELP_WIDTH, getErrHelpWidth: () => HELP_WIDTH });
  return command.helpInformation().trimEnd();
}

export function cliReferenceMarkdown(program: Command): string {
  const sections = program.commands.map(
    (command) => `## \`blindrate ${command.name()}\`\n\n\`\`\`text\n${helpText(command)}\n\`\`\`\n`,
  );
  return [
    '# Command-line reference',
    '',
    "<!-- Generated from the commands' --help by `npm run docs`; do not edit by hand. -->",
    '',
    'Run from the repository as `npx blindrate …`. Every command that opens a study reads the passphrase from',
    '`BLINDRATE_PASSPHRASE`, or asks at a hidden prompt. Errors are one line on stderr and a non-zero exit code',
    '(2 for a wrong passphrase). What the commands do is explained in [commands.md](commands.md).',
    '',
    '```text',
    helpText(program),
    '```',
    '',
    ...sections,
  ].join('\n');
}
