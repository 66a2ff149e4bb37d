// Entry of the coordinator's job worker when running from source (browser mode, tests): a worker thread does
// not inherit the tsx loader, so it registers it before loading the TypeScript worker body.
// The packaged app runs dist/electron/job-worker.cjs instead (build/bundle-electron.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./job-worker.ts');
