/** `npm run docs`: rewrites the generated pages of docs/ (the tests fail while they are stale). */
import { writeFileSync } from 'node:fs';
import { dataDictionaryMarkdown } from '../shared/analysis';
import { createProgram } from '../electron/cli/program';
import { cliReferenceMarkdown } from '../electron/cli/reference';

const docs = new URL('../docs/', import.meta.url);
writeFileSync(new URL('cli.md', docs), cliReferenceMarkdown(createProgram()));
writeFileSync(new URL('data-dictionary.md', docs), dataDictionaryMarkdown());
