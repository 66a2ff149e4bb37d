/**
 * The zod schemas of the coordinator's calls (shared/coordinator-api.ts), part of API_ARGUMENTS: every
 * argument from the renderer is untrusted and checked here before a service sees it.
 */
import { z } from 'zod';
import { FILE_PURPOSES, TABLE_EXPORTS } from '../../shared/coordinator-api';
import { FINAL_VALUES } from '../../shared/analysis/final-values';
import { TASK_KINDS } from '../../shared/domain';
import { DIMENSION_KINDS } from '../../shared/kinds/dimension-kinds';

const token = z.string().min(1).max(64);
const name = z.string().max(500);
const names = z.array(name).max(1000);
const wholeNumber = z.number().int().nonnegative();
const seed = wholeNumber.max(2 ** 31 - 1);

export const rubricSource = z.union([
  z.object({ preset: z.string().max(100) }).strict(),
  z.object({ file: token }).strict(),
]);

const importJoin = z.union([
  z.object({ kind: z.literal('items'), items: token, on: z.string().min(1).max(500) }).strict(),
  z
    .object({
      kind: z.literal('clue'),
      dataset: token,
      fewShot: wholeNumber.optional(),
      seed: z
        .string()
        .regex(/^[+-]?\d{1,40}$/)
        .optional(),
      joinBy: z.enum(['position', 'reference']).optional(),
      contextField: z.string().min(1).max(200).nullable().optional(),
    })
    .strict(),
  z.object({ kind: z.literal('chq-summ'), source: token, target: token.optional() }).strict(),
]);

export const importRequest = z
  .object({
    files: z.array(token).min(1).max(100),
    map: z.record(z.string().max(200), z.string().max(500)),
    model: name,
    ignoreUnknown: z.boolean(),
    join: importJoin.nullable(),
  })
  .strict();

/** As the CLI takes it; blank means none (the change is then refused after the seal). */
const deviationReason = z.string().max(2000).optional();

const sampleDraftShape = {
  task: z.enum(TASK_KINDS),
  bins: z.number().int(),
  perBin: z.number().int(),
  metrics: z.array(z.string().max(200)).max(200),
  seed,
  disjoint: z.boolean(),
  models: z.array(name).max(1000),
  pairsPerItem: z.number().int().optional(),
};
export const sampleDraft = z.object(sampleDraftShape).strict();
export const drawSampleRequest = z.object({ ...sampleDraftShape, replace: z.boolean(), deviationReason }).strict();

export const assignDraft = z
  .object({
    raters: names,
    overlap: z.number().int().nullable(),
    seed,
    qc: z.object({ repeats: z.number(), referenceControls: z.number(), calibration: z.number() }).strict(),
    calibrationFile: token.nullable(),
    replace: z.boolean(),
    deviationReason,
  })
  .strict();

export const exportRequest = z.union([
  z.object({ what: z.enum(TABLE_EXPORTS), format: z.enum(['csv', 'jsonl']) }).strict(),
  z.object({ what: z.enum(['report', 'analysis']), finalValues: z.enum(FINAL_VALUES).optional() }).strict(),
  z.object({ what: z.literal('backup') }).strict(),
]);

/** `--threshold KIND=STEPS` as the app gives it: whole steps by kind (the service refuses kinds without steps). */
const thresholds = z.partialRecord(z.enum(DIMENSION_KINDS), z.number().int().min(1).max(100)).readonly();

export const COORDINATOR_ARGUMENTS = {
  getCoordinatorCapabilities: null,
  chooseFiles: z.object({ purpose: z.enum(FILE_PURPOSES), multiple: z.boolean() }).strict(),
  releaseFile: token,
  listRubricPresets: null,
  previewRubric: rubricSource,
  checkPassphrase: z.object({ passphrase: z.string().max(1000), context: names }).strict(),
  createStudy: z
    .object({
      fileName: z.string().min(1).max(255),
      name,
      rubric: rubricSource,
      passphrase: z.string().max(1000),
      confirmation: z.string().max(1000),
    })
    .strict(),
  previewImport: importRequest,
  startImportValidation: importRequest,
  startImport: importRequest,
  listImports: null,
  getJob: token,
  cancelJob: token,
  getSampleSetup: null,
  previewSample: sampleDraft,
  drawSample: drawSampleRequest,
  checkRaterNames: names,
  getAssignmentSetup: null,
  previewAssignment: assignDraft,
  assignRaters: assignDraft,
  addRaters: z.object({ raters: names, deviationReason }).strict(),
  listPackages: null,
  startPack: z.object({ raters: names.min(1) }).strict(),
  revealPackageSheet: z.object({ packageId: token, masterPassphrase: z.string().max(1000) }).strict(),
  startMerge: z
    .object({
      files: z.array(token).min(1).max(1000),
      choices: z
        .record(
          token,
          z
            .object({
              receipt: z.string().max(100).optional(),
              adoptPassphrase: z.string().max(1000).optional(),
              acceptDivergedHistory: z.boolean().optional(),
            })
            .strict(),
        )
        .optional(),
    })
    .strict(),
  startExport: exportRequest,
  previewAdjudication: z.object({ thresholds }).strict(),
  startAdjudicate: z
    .object({ adjudicator: name, showRatings: z.boolean(), thresholds, passphrase: z.string().max(1000).nullable() })
    .strict(),
  listAdjudicationRounds: null,
  getProtocolSeal: null,
  sealProtocol: null,
} as const;
