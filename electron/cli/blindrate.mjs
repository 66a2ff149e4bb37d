#!/usr/bin/env node
// The `blindrate` executable: runs the TypeScript CLI through tsx, so a clean clone works after `npm install`.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
