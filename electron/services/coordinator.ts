/**
 * The coordinator's calls of the contract (shared/coordinator-api.ts) over the master open in the API
 * host: the same services the CLI runs, with files placed by the front end (dialogs or the workspace).
 * Quick calls (previews, sample, assign) run here; long work runs as jobs in a worker thread.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { assertNever } from '../../shared/kinds/assert-never';
import { basename, join } from 'node:path';
import type { StudySummary } from '../../shared/api';
import type { FinalValues } from '../../shared/analysis/final-values';
import type { Clock } from '../../shared/clock';
import { isoNow } from '../../shared/clock';
import type {
  CoordinatorApi,
  ExportRequest,
  FilePurpose,
  ImportFilePreview,
  ImportProblem,
  ImportRequest,
  JobRef,
  PlanOverview,
  RubricSource,
  SampleModelPreview,
  SamplePreview,
  StoredSampleInfo,
  ProtocolSealInfo,
} from '../../shared/coordinator-api';
import type { ProtocolRecord } from '../../shared/protocol';
import type { OutputRecord } from '../../shared/domain';
import { StudyError } from '../../shared/errors';
import { detectImportFormat, describeRecordLocation } from '../../shared/import/format';
import {
  buildColumnMap,
  OUTPUT_FIELDS,
  RecordError,
  SCORE_PREFIX,
  sourceColumn,
  toOutputRecord,
} from '../../shared/import/record';
import { judgePassphrase, scorePassphrase } from '../../shared/passphrase';
import { RUBRIC_PRESETS, type Rubric } from '../../shared/rubric';
import { nameProblem } from '../../shared/text/names';
import { inRolledBackTransaction, openStudyDatabase, type StudyDb } from '../../db/connection';
import { readImportHistory } from '../../db/imports';
import { listAdjudicationRounds, readRoundTallies } from '../../db/adjudication';
import { checkAdjudicationRequest } from './adjudication';
import { previewAdjudication } from './adjudication-preview';
import { listIssuedPackages, readIssuedFileNames } from '../../db/packages';
import { readMetricNames } from '../../db/scores';
import { readModelNames } from '../../db/outputs';
import { countSharedTasksPerRaterPair } from '../../db/plan';
import { countRatersDealtSample } from '../../db/assignments';
import { readSamples, type StoredSample } from '../../db/samples';
import type { RecordJoiner } from '../../shared/import/join';
import { benchmarkJoin, mapJoinFiles } from './benchmark-import';
import type { ByteSource } from './byte-source';
import type { WireSource, WorkerTask, WorkOutcome } from './coordinator-work';
import { UPLOAD_LIMITS, type FileHandles } from './file-handles';
import { handOverSheet, packageFileName } from './hand-over';
import { readRecords, SyntaxProblem } from './import-readers';
import { runJobInThread } from './job-thread';
import type { Jobs } from './jobs';
import { addRaters, assignRaters, summarisePlan } from './plan';
import { DEFAULT_PLANNED_ANALYSIS, readProtocolRecord, sealProtocol } from './protocol';
import { parseRubricFile } from './rubric-file';
import { drawSample, previewSampleBins } from './sampler';
import { MAX_SEED } from '../../shared/sampling';
import { createStudy, readStudyName } from './study';
import { countIssuedPackages } from '../../db/packages';
import { compareCodeUnits } from '../../shared/sampling';

/** How a front end places files; the only place paths come from (never the renderer). */
export interface CoordinatorPlacement {
  files: 'dialogs' | 'uploads';
  /** Browser mode: the workspace folder, for display. */
  workspaceLabel: string | null;
  /** Desktop: the system Open dialog; paths of the chosen files, [] when cancelled. */
  chooseFiles?(purpose: FilePurpose, multiple: boolean): Promise<string[]>;
  /** Where a new study is created: a Save dialog (null when cancelled), or the workspace under a validated name. */
  newStudyPath(fileName: string): Promise<string | null>;
  /** The folder packages are written into; null when cancelled. */
  packageFolder(): Promise<{ path: string; label: string } | null>;
  /** A Save dialog path for an export, 'download' in browser mode, null when cancelled. */
  exportTarget(suggestedName: string): Promise<{ path: string; folderLabel: string } | 'download' | null>;
}

/** A finished browser-mode export, kept in memory until downloaded or the study closes. */
export interface Download {
  name: string;
  bytes: Uint8Array;
}

export interface CoordinatorContext {
  clock: Clock;
  placement: CoordinatorPlacement | undefined;
  /** The open master, refused in a rater package or with nothing open. */
  master(): { db: StudyDb; path: string; passphrase: string };
  /** Adds a just-created master to the studies this window may open, and opens it. */
  openCreatedStudy(path: string, passphrase: string): Promise<StudySummary>;
  files: FileHandles;
  jobs: Jobs;
  downloads: Map<string, Download>;
  newToken(): string;
}

const PREVIEW_RECORDS = 5;
const BENCHMARK_NEEDS_MODEL = "A benchmark run's file does not say which model wrote it: give the model name.";
const BENCHMARK_COLUMNS_KNOWN =
  "A benchmark run's columns are known: no column choices apply to it (choose no join to map columns yourself).";
const HISTOGRAM_BUCKETS = 20;

export function createCoordinatorApi(context: CoordinatorContext): CoordinatorApi {
  function placement(): CoordinatorPlacement {
    if (!context.placement) throw new StudyError('This window cannot write study files.');
    return context.placement;
  }

  /** Refuses master changes while a job writes to it (one writer at a time). */
  function idleMaster(): { db: StudyDb; path: string; passphrase: string } {
    const master = context.master();
    context.jobs.assertIdle();
    return master;
  }

  async function wholeFile(token: string, purpose: FilePurpose): Promise<{ name: string; bytes: Buffer }> {
    const source = context.files.source(token, purpose);
    const chunks: Buffer[] = [];
    for await (const chunk of source.read()) chunks.push(chunk);
    return { name: source.name, bytes: Buffer.concat(chunks) };
  }

  async function rubricOf(source: RubricSource): Promise<Rubric> {
    if ('preset' in source) {
      const preset = RUBRIC_PRESETS[source.preset];
      if (!preset)
        throw new StudyError(
          `No rubric preset "${source.preset}": choose ${Object.keys(RUBRIC_PRESETS).join(' or ')}.`,
        );
      return preset;
    }
    const { name, bytes } = await wholeFile(source.file, 'rubric');
    return parseRubricFile(name, bytes);
  }

  function wireSources(tokens: readonly string[], purpose: FilePurpose): WireSource[] {
    return tokens.map((token) => {
      const path = context.files.path(token, purpose);
      const source = context.files.source(token, purpose);
      if (path !== null) return { name: source.name, path };
      const bytes = memoryBytes(source);
      // A view, not a copy: uploads live in shared memory (electron/serve/transfers.ts), which the worker shares.
      return { name: source.name, data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    });
  }

  function startWork(
    kind: JobRef['kind'],
    task: WorkerTask,
    hooks: { after?: (outcome: WorkOutcome) => void; cleanup?: () => void } = {},
  ): JobRef {
    const master = context.master();
    const at = isoNow(context.clock);
    try {
      return context.jobs.start(kind, async (control) => {
        try {
          const outcome = await runJobInThread(master, at, task, control);
          hooks.after?.(outcome);
          return outcome.result;
        } finally {
          hooks.cleanup?.();
        }
      });
    } catch (error) {
      hooks.cleanup?.();
      throw error;
    }
  }

  /** What the CLI refuses as a combination of options, in the app's words. */
  function checkJoin(join: ImportRequest['join'], request: ImportRequest): void {
    if (join === null || join.kind === 'items') return;
    if (request.model.trim() === '') throw new StudyError(BENCHMARK_NEEDS_MODEL);
    if (Object.keys(request.map).length > 0) throw new StudyError(BENCHMARK_COLUMNS_KNOWN);
  }

  function importTask(request: ImportRequest, dryRun: boolean): WorkerTask {
    checkJoin(request.join, request);
    return {
      kind: 'import',
      dryRun,
      sources: wireSources(request.files, 'import'),
      map: request.map,
      model: request.model.trim(),
      ignoreUnknown: request.ignoreUnknown,
      join: request.join && mapJoinFiles(request.join, (token) => wireSources([token], 'items')[0]!),
    };
  }

  return {
    async getCoordinatorCapabilities() {
      const where = placement();
      return { files: where.files, workspaceLabel: where.workspaceLabel, uploadLimits: UPLOAD_LIMITS };
    },
    async chooseFiles({ purpose, multiple }) {
      const where = placement();
      if (!where.chooseFiles)
        throw new StudyError('In the browser, files are given by choosing or dropping them on the page (an upload).');
      const paths = await where.chooseFiles(purpose, multiple);
      return paths.map((path) => context.files.addPath(path, purpose));
    },
    async releaseFile(token) {
      context.files.release(token);
    },

    async listRubricPresets() {
      return Object.entries(RUBRIC_PRESETS).map(([id, rubric]) => ({ id, rubric }));
    },
    async previewRubric(source) {
      try {
        return { ok: true, rubric: await rubricOf(source) };
      } catch (error) {
        if (!(error instanceof StudyError)) throw error;
        return { ok: false, problems: [error.message] };
      }
    },
    async checkPassphrase({ passphrase, context: words }) {
      const verdict = judgePassphrase(passphrase, 'The passphrase', words);
      const score = scorePassphrase(passphrase, words);
      return verdict.strong ? { strong: true, score, message: '' } : { strong: false, score, message: verdict.message };
    },
    async createStudy(request) {
      const name = request.name.trim() || request.fileName.replace(/\.[^.]*$/, '');
      const problem = nameProblem(name, 'rater');
      if (problem) throw new StudyError(problem.replace('rater name', 'study name'));
      const rubric = await rubricOf(request.rubric);
      const verdict = judgePassphrase(request.passphrase, 'The study passphrase', [name]);
      if (!verdict.strong) throw new StudyError(verdict.message);
      if (request.confirmation !== request.passphrase)
        throw new StudyError('The two passphrases differ: type the same passphrase twice.');
      const path = await placement().newStudyPath(request.fileName);
      if (path === null) return null;
      createStudy(path, request.passphrase, { rubric, name, clock: context.clock }).close();
      return context.openCreatedStudy(path, request.passphrase);
    },

    async previewImport(request) {
      context.master();
      checkJoin(request.join, request);
      const sources = request.files.map((token) => context.files.source(token, 'import'));
      const joined =
        request.join &&
        (await benchmarkJoin(
          mapJoinFiles(request.join, (token) => context.files.source(token, 'items')),
          sources,
        ));
      const map = columnMapOf(joined?.map ?? request.map);
      return Promise.all(
        sources.map((source) =>
          previewFile(
            source,
            map,
            request.model.trim() || undefined,
            request.ignoreUnknown || joined !== null,
            joined?.join,
          ),
        ),
      );
    },
    async startImportValidation(request) {
      return startWork('validate', importTask(request, true));
    },
    async startImport(request) {
      return startWork('import', importTask(request, false));
    },
    async listImports() {
      return readImportHistory(context.master().db);
    },

    async getJob(jobId) {
      return context.jobs.get(jobId);
    },
    async cancelJob(jobId) {
      return context.jobs.cancel(jobId);
    },

    async getSampleSetup() {
      const { db } = context.master();
      const samples = readSamples(db);
      // As drawSample refuses it: a sample whose tasks were dealt to a rater is no longer redrawn.
      const dealt = samples
        .map((sample) => ({ sample, raters: countRatersDealtSample(db, sample.id) }))
        .find(({ raters }) => raters > 0);
      return {
        models: readModelNames(db).sort(compareCodeUnits),
        metrics: readMetricNames(db).sort(compareCodeUnits),
        suggestedSeed: randomInt(0, MAX_SEED + 1),
        maxSeed: MAX_SEED,
        samples: samples.map(sampleInfo),
        redrawRefusal: dealt
          ? `The ${dealt.sample.task} sample #${dealt.sample.id} cannot be replaced: ${dealt.raters} rater(s) already have its tasks.`
          : null,
      };
    },
    async previewSample(draft) {
      const { db } = context.master();
      try {
        const preview = previewSampleBins(db, draft);
        const perModel = preview.perModel.map((model) => modelPreview(model, draft.perBin));
        const possible = perModel.every((m) => m.impossible === null);
        return {
          draft,
          metrics: preview.metrics,
          perModel,
          tasks: possible ? perModel.reduce((sum, m) => sum + m.drawn, 0) * preview.tasksPerDrawn : 0,
          replaces: preview.replaces ? sampleInfo(preview.replaces) : null,
          problem: preview.replaceRefusal,
        } satisfies SamplePreview;
      } catch (error) {
        if (!(error instanceof StudyError)) throw error;
        return { draft, metrics: [], perModel: [], tasks: 0, replaces: null, problem: error.message };
      }
    },
    async drawSample(request) {
      const { db } = idleMaster();
      const { replace, ...draft } = request;
      const summary = drawSample(db, { ...draft, replace }, context.clock);
      return {
        sampleId: summary.sampleId,
        task: summary.task,
        seed: summary.seed,
        replaced: summary.replaced,
        tasks: summary.tasks,
        perModel: summary.perModel.map(({ model, eligible, binSizes, drawn }) => ({
          model,
          eligible,
          binSizes,
          drawn,
        })),
      };
    },

    async checkRaterNames(names) {
      return raterNameProblems(names);
    },
    async getAssignmentSetup() {
      const { db } = context.master();
      const packages = countIssuedPackages(db);
      const summary = summarisePlan(db);
      const hasPlan = summary.tasksPerRater.length > 0;
      return {
        plan: hasPlan ? planOverview(db) : null,
        suggestedSeed: randomInt(0, MAX_SEED + 1),
        packagesIssued: packages.issued,
        replaceRefusal:
          packages.returned > 0
            ? 'Answers have already come back under the current plan, so it can no longer be replaced.'
            : null,
      };
    },
    async previewAssignment(draft) {
      const { db } = idleMaster();
      const problems = raterNameProblems(draft.raters);
      if (problems.length > 0) return { ok: false, problems };
      const calibrationFile = draft.calibrationFile === null ? undefined : await calibrationText(draft.calibrationFile);
      try {
        return inRolledBackTransaction(db, () => {
          assignRaters(db, assignOptions(draft, calibrationFile, context.clock));
          return { ok: true, plan: planOverview(db) };
        });
      } catch (error) {
        if (!(error instanceof StudyError)) throw error;
        return { ok: false, problems: [error.message] };
      }
    },
    async assignRaters(draft) {
      const { db } = idleMaster();
      const problems = raterNameProblems(draft.raters);
      if (problems.length > 0) throw new StudyError(problems[0]!);
      const calibrationFile = draft.calibrationFile === null ? undefined : await calibrationText(draft.calibrationFile);
      assignRaters(db, assignOptions(draft, calibrationFile, context.clock));
      return planOverview(db);
    },
    async addRaters({ raters: names, deviationReason }) {
      const { db } = idleMaster();
      const problems = raterNameProblems(names);
      if (problems.length > 0) throw new StudyError(problems[0]!);
      addRaters(db, names, context.clock, deviationReason);
      return planOverview(db);
    },

    async listPackages() {
      const { db } = context.master();
      const issued = listIssuedPackages(db);
      const fileNames = readIssuedFileNames(db);
      // Issued in time order: the last one of a rater is the one that counts, earlier ones are superseded.
      const latest = new Map<number, string>();
      for (const p of [...issued].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt))) latest.set(p.raterId, p.id);
      return issued.map((p) => ({
        packageId: p.id,
        rater: p.raterName,
        fileName: fileNames.get(p.id) ?? packageFileName(p.raterName),
        tasks: p.taskCount,
        issuedAt: p.issuedAt,
        returnedAt: p.returnedAt,
        superseded: latest.get(p.raterId) !== p.id,
      }));
    },
    async startPack({ raters }) {
      context.master();
      const problems = raterNameProblems(raters);
      if (problems.length > 0) throw new StudyError(problems[0]!);
      const folder = await placement().packageFolder();
      if (folder === null) return null;
      return startWork('pack', { kind: 'pack', raters, folder: folder.path, folderLabel: folder.label });
    },
    async revealPackageSheet({ packageId, masterPassphrase }) {
      const { db, path } = context.master();
      const issued = listIssuedPackages(db).find((p) => p.id === packageId);
      if (!issued) throw new StudyError('No package with that id was issued by this study.');
      // The passphrase is proved against the file itself, as unlocking does.
      try {
        openStudyDatabase(path, masterPassphrase, { readonly: true }).close();
      } catch {
        throw new StudyError('That is not the passphrase of this study: the package passphrase stays hidden.');
      }
      return handOverSheet({
        studyName: readStudyName(db),
        rater: issued.raterName,
        fileName: readIssuedFileNames(db).get(issued.id) ?? packageFileName(issued.raterName),
        passphrase: issued.passphrase,
      });
    },

    async startMerge({ files, choices = {} }) {
      context.master();
      context.jobs.assertIdle();
      const stray = Object.keys(choices).filter((token) => !files.includes(token));
      if (stray.length > 0) throw new StudyError('Choices were given for a file that is not merged.');
      const copies: string[] = [];
      const cleanup = () => copies.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
      try {
        const sources = files.map((token) => {
          const path = context.files.path(token, 'returns');
          const source = context.files.source(token, 'returns');
          const chosen = choices[token] ?? {};
          if (path !== null) return { name: source.name, path, choices: chosen };
          const copy = privatePackageCopy(source);
          copies.push(copy.folder);
          return { name: source.name, path: copy.path, choices: chosen };
        });
        return startWork('merge', { kind: 'merge', files: sources }, { cleanup });
      } catch (error) {
        cleanup();
        throw error;
      }
    },

    async startExport(request) {
      const { db } = context.master();
      const fileName = exportFileName(readStudyName(db), request);
      const target = await placement().exportTarget(fileName);
      if (target === null) return null;
      const download = target === 'download';
      const task: WorkerTask = {
        kind: 'export',
        request,
        fileName,
        target: download ? null : target.path,
        folderLabel: download ? 'Downloads' : target.folderLabel,
      };
      return startWork('export', task, {
        after(outcome) {
          if (!download || outcome.download === null || outcome.result.kind !== 'export') return;
          const token = context.newToken();
          context.downloads.set(token, { name: fileName, bytes: outcome.download });
          outcome.result.file.downloadToken = token;
        },
      });
    },

    async previewAdjudication({ thresholds }) {
      return previewAdjudication(context.master().db, thresholds);
    },
    async startAdjudicate(request) {
      const { db, passphrase: masterPassphrase } = idleMaster();
      const { adjudicator } = checkAdjudicationRequest(db, { ...request, masterPassphrase });
      if (request.passphrase !== null) {
        const verdict = judgePassphrase(request.passphrase, 'The package passphrase', [adjudicator]);
        if (!verdict.strong) throw new StudyError(verdict.message);
      }
      const preview = previewAdjudication(db, request.thresholds);
      if (preview.problem !== null) throw new StudyError(preview.problem);
      const fileName = packageFileName(`${adjudicator} adjudication`);
      const target = await placement().exportTarget(fileName);
      if (target === null) return null;
      const download = target === 'download';
      const task: WorkerTask = {
        kind: 'adjudicate',
        request: { ...request, adjudicator },
        fileName,
        target: download ? null : target.path,
        folderLabel: download ? 'Downloads' : target.folderLabel,
      };
      return startWork('adjudicate', task, {
        after(outcome) {
          if (!download || outcome.download === null || outcome.result.kind !== 'adjudicate') return;
          const token = context.newToken();
          context.downloads.set(token, { name: fileName, bytes: outcome.download });
          outcome.result.sheet.file.downloadToken = token;
        },
      });
    },
    async listAdjudicationRounds() {
      const { db } = context.master();
      const tallies = readRoundTallies(db);
      return listAdjudicationRounds(db).map((round) => {
        const tally = tallies.get(round.id);
        return {
          roundId: round.id,
          adjudicator: round.adjudicator,
          fileName: tally?.fileName ?? packageFileName(`${round.adjudicator} adjudication`),
          tasks: round.taskCount,
          showsRatings: round.showsRatings,
          issuedAt: round.issuedAt,
          returnedAt: round.returnedAt,
          disputes: tally?.disputes ?? 0,
          settled: tally?.settled ?? 0,
        };
      });
    },

    async getProtocolSeal() {
      return sealInfo(readProtocolRecord(context.master().db));
    },
    async sealProtocol() {
      const { db } = idleMaster();
      sealProtocol(db, DEFAULT_PLANNED_ANALYSIS, context.clock);
      return sealInfo(readProtocolRecord(db))!;
    },
  };

  function sealInfo(record: ProtocolRecord | null): ProtocolSealInfo | null {
    return record && { sealedAt: record.seal.at, hash: record.seal.hash, deviations: record.deviations.length };
  }

  async function calibrationText(token: string): Promise<{ name: string; text: string }> {
    const { name, bytes } = await wholeFile(token, 'calibration');
    return { name, text: bytes.toString('utf8') };
  }

  function planOverview(db: StudyDb): PlanOverview {
    const summary = summarisePlan(db);
    const names = summary.tasksPerRater.map((r) => r.name);
    const shared = names.map(() => names.map(() => 0));
    for (const { a, b, shared: count } of countSharedTasksPerRaterPair(db)) {
      const i = names.indexOf(a);
      const j = names.indexOf(b);
      if (i < 0 || j < 0) continue;
      shared[i]![j] = count;
      shared[j]![i] = count;
    }
    summary.tasksPerRater.forEach((r, i) => (shared[i]![i] = r.tasks));
    return { ...summary, sharedOutputs: shared };
  }
}

/** The bytes of an in-memory source (uploads), read synchronously through its head. */
function memoryBytes(source: ByteSource): Buffer {
  return source.head(source.size);
}

function columnMapOf(entries: Record<string, string>) {
  try {
    return buildColumnMap(entries);
  } catch (error) {
    if (error instanceof RecordError) throw new StudyError(error.message);
    throw error;
  }
}

async function previewFile(
  source: ByteSource,
  map: ReturnType<typeof buildColumnMap>,
  model: string | undefined,
  ignoreUnknown: boolean,
  join: (() => RecordJoiner) | undefined,
): Promise<ImportFilePreview> {
  const joiner = join?.();
  const format = detectImportFormat(source.name, source.head(256).toString('utf8'));
  const columns: string[] = [];
  const addColumns = (keys: readonly string[]) => {
    for (const key of keys) if (!columns.includes(key)) columns.push(key);
  };
  const records: OutputRecord[] = [];
  const problems: ImportProblem[] = [];
  const problem = (position: number | null, field: string | null, message: string): ImportProblem => {
    const where = position === null ? null : describeRecordLocation(source.name, format, position).split(' of ')[0]!;
    return { file: source.name, record: where === null ? null : where.toLowerCase(), field, message };
  };
  let seen = 0;
  let ordinal = 0;
  try {
    for await (const entry of readRecords(source, format, {
      onChunk: () => {},
      checkHeader: (header) => {
        addColumns(header);
        return true;
      },
    })) {
      const { position } = entry;
      if (entry.problem !== undefined) {
        problems.push(problem(position, null, entry.problem));
        if (++seen >= PREVIEW_RECORDS) break;
        continue;
      }
      ordinal += 1;
      try {
        // The record as the importer sees it: with its item's fields when the outputs are joined.
        const value = joiner ? joiner.join(entry.value, ordinal) : entry.value;
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) addColumns(Object.keys(value));
        records.push(toOutputRecord(value, map, model, { ignoreUnknown }));
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        problems.push(problem(position, error.field, error.message));
      }
      seen += 1;
      if (seen >= PREVIEW_RECORDS) break;
    }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    problems.push(problem(error.position, null, error.message));
  }
  const mapping: Record<string, string | null> = {};
  for (const field of OUTPUT_FIELDS) {
    const column = sourceColumn(map, field);
    mapping[field] = field === 'model' && model !== undefined ? null : columns.includes(column) ? column : null;
  }
  for (const [metric, column] of Object.entries(map.scores)) mapping[SCORE_PREFIX + metric] = column;
  for (const column of columns) if (column.startsWith(SCORE_PREFIX) && !(column in mapping)) mapping[column] = column;
  if (columns.includes('scores'))
    for (const record of records)
      for (const metric in record.scores) mapping[SCORE_PREFIX + metric] ??= `scores.${metric}`;
  const read = new Set(
    Object.values(mapping)
      .filter((c): c is string => c !== null)
      .map((c) => c.split('.')[0]!),
  );
  return {
    file: source.name,
    format,
    columns,
    mapping,
    unmappedColumns: columns.filter((c) => !read.has(c)),
    records,
    problems,
  };
}

function sampleInfo(sample: StoredSample): StoredSampleInfo {
  return {
    sampleId: sample.id,
    task: sample.task,
    bins: sample.bins,
    perBin: sample.perBin,
    metrics: sample.metrics,
    seed: sample.seed,
    disjoint: sample.disjoint,
    tasks: sample.tasks,
    createdAt: sample.createdAt,
  };
}

function modelPreview(
  model: ReturnType<typeof previewSampleBins>['perModel'][number],
  perBin: number,
): SampleModelPreview {
  const largestPerBin = model.drawable.length > 0 ? Math.min(...model.drawable) : 0;
  const smallest = model.drawable.indexOf(largestPerBin);
  const impossible =
    largestPerBin >= perBin
      ? null
      : {
          reason: `bin ${smallest + 1} has ${largestPerBin} outputs that can be drawn, fewer than the ${perBin} asked for per bin`,
          largestPerBin,
        };
  return {
    model: model.model,
    eligible: model.eligible,
    ineligible: model.ineligible,
    withoutReference: model.withoutReference,
    histogram: histogramOf(model.averages),
    cutPoints: model.cutPoints,
    binSizes: model.binSizes,
    drawn: impossible ? 0 : perBin * model.binSizes.length,
    impossible,
  };
}

/** HISTOGRAM_BUCKETS equal-width buckets from the lowest to the highest average (the last one closed). */
export function histogramOf(values: readonly number[]): { edges: number[]; counts: number[] } {
  if (values.length === 0) return { edges: [], counts: [] };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const buckets = high > low ? HISTOGRAM_BUCKETS : 1;
  const width = (high - low) / buckets || 1;
  const edges = Array.from({ length: buckets + 1 }, (_, i) => (i === buckets ? high : low + i * width));
  const counts = new Array<number>(buckets).fill(0);
  for (const value of values) counts[Math.min(buckets - 1, Math.floor((value - low) / width))]! += 1;
  return { edges, counts };
}

/** Every problem of a list of rater names, one line each, as assign would refuse them. */
export function raterNameProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  if (names.length === 0) problems.push('Name at least one rater.');
  const seen = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name === '') {
      problems.push('A rater name is empty.');
      continue;
    }
    const problem = nameProblem(name, 'rater');
    if (problem) problems.push(problem);
    const folded = name.toLowerCase();
    if (seen.has(folded)) problems.push(`"${name}" is named twice (as "${seen.get(folded)}").`);
    else seen.set(folded, name);
  }
  return problems;
}

function assignOptions(
  draft: Parameters<CoordinatorApi['assignRaters']>[0],
  calibrationFile: { name: string; text: string } | undefined,
  clock: Clock,
) {
  return {
    raters: draft.raters.map((r) => r.trim()),
    overlap: draft.overlap ?? undefined,
    seed: draft.seed,
    replace: draft.replace,
    qc: draft.qc,
    calibrationFile,
    deviationReason: draft.deviationReason,
    clock,
  };
}

/** A report or analysis with the adjudicated values is named so, beside the one with the raters' mean. */
const adjudicatedSuffix = (finalValues: FinalValues | undefined) =>
  finalValues === 'adjudicated' ? ' adjudicated' : '';

/** The file name an export is offered or downloaded under, as the CLI's docs name them. */
export function exportFileName(studyName: string, request: ExportRequest): string {
  const stem = basename(packageFileName(studyName), '.blindrate');
  switch (request.what) {
    case 'report':
      return `${stem} report${adjudicatedSuffix(request.finalValues)}.html`;
    case 'analysis':
      return `${stem} analysis${adjudicatedSuffix(request.finalValues)}.json`;
    case 'backup':
      return `${stem} backup.db`;
    case 'ratings':
    case 'ratings-wide':
    case 'outputs':
    case 'sample':
    case 'audit':
    case 'dictionary':
      return `${stem} ${request.what}.${request.format}`;
    default:
      return assertNever(request, 'export');
  }
}

/** A returned package uploaded in browser mode, written to a private folder: merge opens packages by path (they are encrypted). */
function privatePackageCopy(source: ByteSource): { path: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'blindrate-return-'));
  const path = join(folder, source.name);
  writeFileSync(path, memoryBytes(source), { mode: 0o600 });
  return { path, folder };
}
