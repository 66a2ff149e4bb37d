import type { Command } from 'commander';
import { registerAdjudicate } from './adjudicate';
import { registerAnalyze } from './analyze';
import { registerBackup } from './backup';
import { registerBundle } from './bundle';
import { registerAssign } from './assign';
import { registerAudit } from './audit';
import { registerDemo } from './demo';
import { registerExport } from './export';
import { registerImport } from './import';
import { registerImportRatings } from './import-ratings';
import { registerInit } from './init';
import { registerMerge } from './merge';
import { registerPack } from './pack';
import { registerPlan } from './plan';
import { registerRekey } from './rekey';
import { registerReport } from './report';
import { registerSample } from './sample';
import { registerScore } from './score';
import { registerSeal } from './seal';
import { registerServe } from './serve';
import { registerStart } from './start';
import { registerStatus } from './status';
import { registerVerifyBundle } from './verify-bundle';

/** Each command module exports one function that adds its command to the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [
  registerInit,
  registerImport,
  registerPlan,
  registerSample,
  registerAssign,
  registerSeal,
  registerPack,
  registerMerge,
  registerAdjudicate,
  registerImportRatings,
  registerExport,
  registerScore,
  registerAnalyze,
  registerReport,
  registerBundle,
  registerVerifyBundle,
  registerDemo,
  registerRekey,
  registerServe,
  registerStart,
  registerStatus,
  registerBackup,
  registerAudit,
];
