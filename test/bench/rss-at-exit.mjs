// Preloaded (node --import) into every measured process: appends its peak resident memory in KB to
// BENCH_RSS_FILE when it exits, so the bench reports each run's peak memory, the CLI's included.
import { appendFileSync } from 'node:fs';
import process from 'node:process';

process.on('exit', () => appendFileSync(process.env.BENCH_RSS_FILE, `${process.resourceUsage().maxRSS}\n`));
