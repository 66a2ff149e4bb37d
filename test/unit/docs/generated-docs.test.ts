import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgram } from '../../../electron/cli/program';
import { cliReferenceMarkdown } from '../../../electron/cli/reference';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

describe('docs/cli.md', () => {
  it('is what the commands say in --help (run `npm run docs` when this fails)', () => {
    expect(readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8')).toBe(cliReferenceMarkdown(createProgram()));
  });

  it('names no path of this checkout, so every checkout generates the same page', () => {
    expect(cliReferenceMarkdown(createProgram())).not.toContain(REPO_ROOT);
  });

  it('has a section for every command', () => {
    const markdown = cliReferenceMarkdown(createProgram());
    for (const command of createProgram().commands) expect(markdown).toContain(`## \`blindrate ${command.name()}\``);
  });
});
