#!/usr/bin/env node
// The `blindrate` executable: runs the esbuild bundle of main.ts (build/bundle-cli.mjs), building it first when
// it is missing or older than its sources, so a clean clone works after `npm install` and edits take effect.
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { bundleCli, CLI_BUNDLE, cliBundleIsFresh } from '../../build/bundle-cli.mjs';

if (!cliBundleIsFresh()) await bundleCli();
// Stack traces that name the TypeScript sources, only when asked for (they cost time at every error).
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
await import(pathToFileURL(CLI_BUNDLE).href);
