import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBenchInput } from '/work/wt/coord-backend/test/bench/input';
import { benchServedImport, describeServedImport } from '/work/wt/coord-backend/test/bench/serve-import';
const folder = mkdtempSync(join(tmpdir(), 'sb-'));
const input = join(folder, 'outputs.jsonl');
await writeBenchInput(input, { outputs: Number(process.env.N ?? 20000), models: 5, contextBytes: 12 * 1024 });
console.log(describeServedImport(await benchServedImport(folder, input)));
