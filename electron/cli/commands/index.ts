import type { Command } from 'commander';
import { registerDemo } from './demo';
import { registerExport } from './export';
import { registerImport } from './import';
import { registerInit } from './init';
import { registerRekey } from './rekey';
import { registerSample } from './sample';
import { registerServe } from './serve';
import { registerStart } from './start';

/** Each command module exports one function that adds its command to the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [
  registerInit,
  registerImport,
  registerSample,
  registerExport,
  registerDemo,
  registerRekey,
  registerServe,
  registerStart,
];
