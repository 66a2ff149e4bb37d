// Preloaded with `node --import` by cli-start.test.ts: registers a module resolution hook that appends
// every URL the process resolves to the file named by BLINDRATE_RECORD_IMPORTS, so a test can tell
// which packages a command loaded. (The hook runs on Node's loader thread, hence a file, not a variable.)
import { register } from 'node:module';
import process from 'node:process';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    let log;
    export function initialize(data) { log = data.log; }
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(log, resolved.url + '\\n');
      return resolved;
    }
  `)}`,
  { data: { log: process.env.BLINDRATE_RECORD_IMPORTS } },
);
