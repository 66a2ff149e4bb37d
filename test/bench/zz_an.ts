import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAnalysis } from './analysis';
const dir = mkdtempSync(join(tmpdir(), 'an-'));
console.log(benchAnalysis(dir));
