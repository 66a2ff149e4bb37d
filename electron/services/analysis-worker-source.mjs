// Entry of the analysis worker when running from source (CLI, browser mode, tests): a worker thread does
// not inherit the tsx loader, so it registers it before loading the TypeScript worker body.
// The packaged app runs dist/electron/analysis-worker.cjs instead (build/bundle-electron.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
