/**
 * The coordinator's half of the fake API: an in-memory master with two models of 23 scored outputs
 * each, whose jobs run through scripted progress steps (one per getJob), so a test sees progress,
 * can cancel in the middle and sees how each job ends. Every call that would write is recorded.
 */
import type { StudySummary } from '../../../shared/api';
import type { DisputeThresholds } from '../../../shared/adjudication/disagreement';
import type {
  AdjudicateRequest,
  AdjudicationPreview,
  AdjudicationRoundInfo,
  AssignDraft,
  CoordinatorCapabilities,
  DeviationReason,
  AssignmentSetup,
  CoordinatorApi,
  ExportRequest,
  FileHandle,
  FilePurpose,
  HandOverSheet,
  ImportFilePreview,
  ImportHistoryEntry,
  ImportProblems,
  ImportRequest,
  IssuedPackageInfo,
  ProtocolSealInfo,
  JobProgress,
  JobRef,
  JobResult,
  JobStatus,
  NewStudyRequest,
  PlanOverview,
  ReturnChoices,
  ReturnVerdict,
  SampleDraft,
  SamplePreview,
  StoredSampleInfo,
} from '../../../shared/coordinator-api';
import type { PackageRemedy } from '../../../shared/errors';
import { assertNever } from '../../../shared/kinds/assert-never';
import { RUBRIC_PRESETS } from '../../../shared/rubric';
import { sharedPassphraseRefusal, type PackageHolder } from '../../../shared/package-passphrase-refusals';

export const FAKE_MASTER_PASSPHRASE = 'copper lantern orbit velvet';
export const FAKE_MODELS = ['atlas-7b', 'borealis-13b'];
/** Outputs per model that can be sampled (all have scores). */
export const FAKE_ELIGIBLE = 23;

type Ending =
  { state: 'done'; result: JobResult } | { state: 'failed'; error: string; problems: ImportProblems | null };

interface ScriptedJob {
  ref: JobRef;
  steps: JobProgress[];
  ending: Ending;
  polled: number;
  cancelled: boolean;
  /** Runs when the job ends done, as the real job's commit would. */
  commit?: () => void;
}

function progress(done: number, total: number, step: string): JobProgress {
  return {
    step,
    done,
    total,
    bytesRead: done * 100,
    totalBytes: total * 100,
    rate: 400,
    secondsLeft: (total - done) / 400,
    elapsedSeconds: done / 400,
  };
}

export class FakeCoordinator implements CoordinatorApi {
  /** What each write call was asked, in order. */
  readonly writes: Array<{ method: string; request: unknown }> = [];
  readonly released: string[] = [];
  /** Every file handed out (uploads, dialog choices), in order. */
  readonly handles: FileHandle[] = [];
  /** What each import check or import was asked (writes holds only imports that wrote). */
  readonly importRequests: ImportRequest[] = [];
  /** Import previews by file token; a test adds the files it uploads. */
  readonly importPreviews = new Map<string, ImportFilePreview>();
  /** Problems the import (and its validation) of a file token finds. */
  readonly importProblems = new Map<string, ImportProblems>();
  /** The study's models, as the Sample screen offers them. */
  sampleModels: string[] = FAKE_MODELS;
  /** Verdicts of returned packages by file token; unknown tokens are accepted. */
  readonly returnVerdicts = new Map<string, ReturnVerdict>();
  history: ImportHistoryEntry[] = [];
  samples: StoredSampleInfo[] = [];
  plan: PlanOverview | null = null;
  packages: IssuedPackageInfo[] = [];
  /** Steps of progress each job shows before it ends. */
  jobSteps = 3;
  private jobs = new Map<string, ScriptedJob>();
  private nextJob = 1;
  private nextFile = 1;
  private passphrases = new Map<string, string>();
  /** Who was given each passphrase, as the master's package tables tell the service. */
  private passphraseHolders = new Map<string, PackageHolder>();

  /** A file as browser mode's upload would hand it back. */
  handleFor(name: string, bytes: number, purpose: FilePurpose): FileHandle {
    const handle = { token: `file-${this.nextFile++}`, name, bytes, purpose };
    this.handles.push(handle);
    return handle;
  }

  private startJob(kind: JobRef['kind'], ending: Ending, commit?: () => void): JobRef {
    const ref = { jobId: `job-${this.nextJob++}`, kind };
    const total = 40;
    const steps = Array.from({ length: this.jobSteps }, (_, i) =>
      progress(Math.round(((i + 1) * total) / (this.jobSteps + 1)), total, `Working on ${kind}`),
    );
    this.jobs.set(ref.jobId, { ref, steps, ending, polled: 0, cancelled: false, commit });
    return ref;
  }

  private statusOf(job: ScriptedJob): JobStatus {
    const base = { ...job.ref, startedAt: '2026-01-15T09:00:00.000Z' };
    const last = job.steps[job.steps.length - 1] ?? progress(0, 0, '');
    if (job.cancelled) return { ...base, progress: last, state: 'cancelled' };
    if (job.polled < job.steps.length) return { ...base, progress: job.steps[job.polled]!, state: 'running' };
    if (job.ending.state === 'done') return { ...base, progress: last, state: 'done', result: job.ending.result };
    return { ...base, progress: last, ...job.ending };
  }

  async getJob(jobId: string): Promise<JobStatus> {
    const job = this.jobs.get(jobId)!;
    const status = this.statusOf(job);
    if (status.state === 'done' && job.polled === job.steps.length) job.commit?.();
    job.polled++;
    return status;
  }
  async cancelJob(jobId: string): Promise<JobStatus> {
    const job = this.jobs.get(jobId)!;
    if (this.statusOf(job).state === 'running') job.cancelled = true;
    return this.statusOf(job);
  }

  async getCoordinatorCapabilities(): Promise<CoordinatorCapabilities> {
    return {
      files: 'uploads',
      workspaceLabel: '/srv/studies',
      uploadLimits: { rubric: 1e6, import: 1e9, items: 1e9, calibration: 1e6, returns: 1e9 },
    };
  }
  async chooseFiles(): Promise<FileHandle[]> {
    throw new Error('Browser mode has no file dialog: upload the file instead.');
  }
  async releaseFile(token: string) {
    this.released.push(token);
  }

  async listRubricPresets() {
    return Object.entries(RUBRIC_PRESETS).map(([id, rubric]) => ({ id, rubric }));
  }
  async previewRubric(source: { preset: string } | { file: string }) {
    if ('preset' in source) return { ok: true as const, rubric: RUBRIC_PRESETS[source.preset]! };
    return { ok: false as const, problems: ['dimension "safety" uses the key "f", which the rating screen needs.'] };
  }
  /** Strength grows with length here; the real service asks zxcvbn. */
  async checkPassphrase(request: { passphrase: string }) {
    const score = Math.min(4, Math.floor(request.passphrase.length / 6));
    return {
      strong: score >= 3,
      score,
      message: score >= 3 ? '' : 'This is similar to a commonly used password. Add another word or two.',
    };
  }
  async createStudy(request: NewStudyRequest): Promise<StudySummary | null> {
    if (request.passphrase !== request.confirmation)
      throw new Error('The passphrase typed again differs from the first.');
    if ((await this.checkPassphrase(request)).score < 3)
      throw new Error('The study passphrase is too weak (strength 1 of 4, at least 3 needed).');
    this.writes.push({ method: 'createStudy', request });
    const rubric = 'preset' in request.rubric ? RUBRIC_PRESETS[request.rubric.preset]! : RUBRIC_PRESETS.medisumqa!;
    return {
      path: `/srv/studies/${request.fileName}`,
      name: request.name || request.fileName,
      rubric,
      role: 'coordinator',
      rater: null,
      canShowInFolder: false,
    };
  }

  async previewImport(request: ImportRequest): Promise<ImportFilePreview[]> {
    return request.files.map((token) => {
      const preview = this.importPreviews.get(token)!;
      const mapping = { ...preview.mapping };
      for (const [field, column] of Object.entries(request.map)) mapping[field] = column;
      return { ...preview, mapping };
    });
  }
  private problemsOf(request: ImportRequest): ImportProblems {
    const all = request.files.flatMap((t) => this.importProblems.get(t)?.first ?? []);
    return {
      first: all.slice(0, 100),
      count: request.files.reduce((n, t) => n + (this.importProblems.get(t)?.count ?? 0), 0),
    };
  }
  async startImportValidation(request: ImportRequest) {
    this.importRequests.push(request);
    return this.startJob('validate', {
      state: 'done',
      result: { kind: 'validate', problems: this.problemsOf(request), records: 46 },
    });
  }
  async startImport(request: ImportRequest) {
    this.importRequests.push(request);
    const problems = this.problemsOf(request);
    if (problems.count > 0)
      return this.startJob('import', {
        state: 'failed',
        error: `${problems.count} problems: nothing was imported.`,
        problems,
      });
    const files = request.files.map((t) => this.importPreviews.get(t)!);
    return this.startJob(
      'import',
      {
        state: 'done',
        result: {
          kind: 'import',
          summary: {
            files: files.map((f, i) => ({
              file: f.file,
              format: f.format,
              status: 'imported' as const,
              records: 23,
              newItems: 23,
              importId: i + 1,
              importedAt: '2026-01-15T09:00:00.000Z',
            })),
            outputs: 23 * files.length,
            newItems: 23,
            models: FAKE_MODELS,
          },
        },
      },
      () => {
        this.writes.push({ method: 'startImport', request });
        for (const f of files)
          this.history.push({
            importId: this.history.length + 1,
            file: f.file,
            format: f.format,
            records: 23,
            importedAt: '2026-01-15T09:00:00.000Z',
            sha256: 'ab'.repeat(32),
          });
      },
    );
  }
  async listImports() {
    return this.history;
  }

  async getSampleSetup() {
    return {
      models: this.sampleModels,
      metrics: ['rouge1', 'bertscore'],
      suggestedSeed: 424242,
      maxSeed: 2 ** 31 - 1,
      samples: this.samples,
      redrawRefusal:
        this.packages.length > 0 ? 'Packages were issued from this sample, so it can no longer be drawn again.' : null,
    };
  }
  async previewSample(draft: SampleDraft): Promise<SamplePreview> {
    const models = draft.models.length > 0 ? draft.models : this.sampleModels;
    // As the service previews a pairwise sample: one preview of the items, each drawn item giving its pairs.
    const previewed = draft.task === 'pairwise' ? [`Items every one of the ${models.length} models answered`] : models;
    const pairs = draft.pairsPerItem ?? (models.length * (models.length - 1)) / 2;
    const tasksPerDrawn = draft.task === 'pairwise' ? pairs : 1;
    const binSizes = Array.from(
      { length: draft.bins },
      (_, i) => Math.floor(FAKE_ELIGIBLE / draft.bins) + (i < FAKE_ELIGIBLE % draft.bins ? 1 : 0),
    );
    const smallest = Math.min(...binSizes);
    const possible = draft.perBin <= smallest;
    const perModel = previewed.map((model) => ({
      model,
      eligible: FAKE_ELIGIBLE,
      ineligible: 0,
      withoutReference: 0,
      histogram: { edges: [0, 0.2, 0.4, 0.6, 0.8, 1], counts: [3, 5, 7, 5, 3] },
      cutPoints: Array.from({ length: draft.bins - 1 }, (_, i) => (i + 1) / draft.bins),
      binSizes,
      drawn: possible ? draft.perBin * draft.bins : 0,
      impossible: possible
        ? null
        : {
            reason: `A bin of ${model} holds ${smallest} outputs, fewer than ${draft.perBin}.`,
            largestPerBin: smallest,
          },
    }));
    const replaces = this.samples.find((s) => s.task === draft.task) ?? null;
    return {
      draft,
      metrics: ['rouge1', 'bertscore'],
      perModel,
      tasks: possible ? perModel.length * draft.perBin * draft.bins * tasksPerDrawn : 0,
      replaces,
      problem: draft.perBin < 1 ? 'N per bin must be a whole number of at least 1.' : null,
    };
  }
  async drawSample(request: SampleDraft & { replace: boolean } & DeviationReason) {
    const existing = this.samples.find((s) => s.task === request.task);
    if (existing && !request.replace) throw new Error(`This study already has a ${request.task} sample.`);
    this.deviate('drawing a sample', request.deviationReason);
    this.writes.push({ method: 'drawSample', request });
    const preview = await this.previewSample(request);
    this.samples = this.samples.filter((s) => s.task !== request.task);
    this.samples.push({
      ...request,
      sampleId: this.samples.length + 1,
      tasks: preview.tasks,
      createdAt: '2026-01-15T09:00:00.000Z',
    });
    return {
      sampleId: this.samples.length,
      task: request.task,
      seed: request.seed,
      replaced: Boolean(existing),
      tasks: preview.tasks,
      perModel: preview.perModel.map((m) => ({
        model: m.model,
        eligible: m.eligible,
        binSizes: m.binSizes,
        drawn: m.drawn,
      })),
    };
  }

  async checkRaterNames(names: string[]) {
    return names.filter((n, i) => names.indexOf(n) !== i).map((n) => `Rater names must differ: "${n}" appears twice.`);
  }
  async getAssignmentSetup(): Promise<AssignmentSetup> {
    return {
      plan: this.plan,
      suggestedSeed: 77,
      packagesIssued: this.packages.length,
      replaceRefusal: null,
    };
  }
  private planOf(draft: AssignDraft): PlanOverview {
    const outputs = this.samples.reduce((n, s) => n + s.tasks, 0);
    const overlap = draft.overlap ?? draft.raters.length;
    const per = Math.ceil((outputs * overlap) / draft.raters.length);
    return {
      overlap,
      seed: draft.seed,
      tasksPerRater: draft.raters.map((name) => ({ name, tasks: per })),
      coverage: Array.from({ length: overlap + 1 }, (_, k) => (k === overlap ? outputs : 0)),
      qc: draft.qc,
      qcTasks: { repeat: 0, reference_control: 0, calibration: 0 },
      sharedOutputs: draft.raters.map((_, i) => draft.raters.map((__, j) => (i === j ? per : Math.floor(per / 2)))),
    };
  }
  async previewAssignment(draft: AssignDraft) {
    if (draft.overlap !== null && draft.overlap > draft.raters.length)
      return {
        ok: false as const,
        problems: [`The overlap (${draft.overlap}) cannot exceed the number of raters (${draft.raters.length}).`],
      };
    return { ok: true as const, plan: this.planOf(draft) };
  }
  async assignRaters(draft: AssignDraft) {
    this.deviate('planning the assignment again', draft.deviationReason);
    this.writes.push({ method: 'assignRaters', request: draft });
    this.plan = this.planOf(draft);
    return this.plan;
  }
  /** As plan.addRaters: each joins with the mean load, the others' tasks unchanged; a name in the plan is refused. */
  async addRaters(request: { raters: string[] } & DeviationReason): Promise<PlanOverview> {
    const names = request.raters;
    const plan = this.plan;
    if (!plan) throw new Error('This study has no plan yet: assign raters first.');
    const taken = names.find((n) => plan.tasksPerRater.some((r) => r.name === n));
    if (taken) throw new Error(`"${taken}" already has tasks in the plan.`);
    this.deviate('adding raters', request.deviationReason);
    this.writes.push({ method: 'addRaters', request });
    const mean = Math.round(plan.tasksPerRater.reduce((sum, r) => sum + r.tasks, 0) / plan.tasksPerRater.length);
    this.plan = { ...plan, tasksPerRater: [...plan.tasksPerRater, ...names.map((name) => ({ name, tasks: mean }))] };
    return this.plan;
  }

  async listPackages() {
    return this.packages;
  }
  sheetOf(rater: string): HandOverSheet {
    return {
      studyName: 'Fake master',
      rater,
      fileName: `${rater.replace(/\s+/g, '-')}.blindrate`,
      passphrase: this.passphrases.get(rater)!,
      howToOpen: ['Open BlindRate.', 'Choose Open… and pick the file.', 'Type this passphrase.'],
    };
  }
  async startPack(request: { raters: string[] }) {
    const sheets = request.raters.map((rater, i) => {
      this.passphrases.set(rater, `word${i} ${rater.length} river stone lamp ${this.nextJob}`);
      this.passphraseHolders.set(this.passphrases.get(rater)!, { role: 'rater', name: rater });
      return {
        ...this.sheetOf(rater),
        packageId: `pkg-${rater}-${this.nextJob}`,
        tasks: this.plan?.tasksPerRater.find((r) => r.name === rater)?.tasks ?? 0,
        file: {
          name: `${rater.replace(/\s+/g, '-')}.blindrate`,
          bytes: 65536,
          folderLabel: '/srv/studies',
          downloadToken: null,
        },
      };
    });
    return this.startJob('pack', { state: 'done', result: { kind: 'pack', packages: sheets } }, () => {
      this.writes.push({ method: 'startPack', request });
      for (const sheet of sheets) {
        this.packages = this.packages.map((p) => (p.rater === sheet.rater ? { ...p, superseded: true } : p));
        this.packages.push({
          packageId: sheet.packageId,
          rater: sheet.rater,
          fileName: sheet.fileName,
          tasks: sheet.tasks,
          issuedAt: '2026-01-15T09:00:00.000Z',
          returnedAt: null,
          superseded: false,
        });
      }
    });
  }
  async revealPackageSheet(request: { packageId: string; masterPassphrase: string }) {
    if (request.masterPassphrase !== FAKE_MASTER_PASSPHRASE) throw new Error('Wrong master passphrase.');
    return this.sheetOf(this.packages.find((p) => p.packageId === request.packageId)!.rater);
  }

  /** Every merge asked for, merged or not, as the screen sent it. */
  mergeRequests: { files: string[]; choices?: Record<string, ReturnChoices> }[] = [];
  /** A verdict with a remedy is refused unless the request's choices for its file take that remedy. */
  async startMerge(request: { files: string[]; choices?: Record<string, ReturnChoices> }) {
    this.mergeRequests.push(request);
    const files = request.files.map((token) => {
      const verdict = this.returnVerdicts.get(token) ?? {
        file: token,
        rater: null,
        accepted: true,
        detail: 'answers added.',
      };
      return verdict.remedy && takesRemedy(request.choices?.[token], verdict.remedy)
        ? { file: verdict.file, rater: verdict.rater, accepted: true, detail: 'answers added.' }
        : verdict;
    });
    const merged = files.every((f) => f.accepted);
    return this.startJob('merge', { state: 'done', result: { kind: 'merge', files, merged } }, () => {
      if (merged) this.writes.push({ method: 'startMerge', request });
    });
  }

  async startExport(request: ExportRequest) {
    const name =
      request.what === 'backup'
        ? 'backup.db'
        : `${request.what}.${'format' in request ? request.format : request.what === 'report' ? 'html' : 'json'}`;
    return this.startJob(
      'export',
      {
        state: 'done',
        result: {
          kind: 'export',
          file: { name, bytes: 2048, folderLabel: 'Downloads', downloadToken: `dl-${name}` },
          rows: 10,
        },
      },
      () => this.writes.push({ method: 'startExport', request }),
    );
  }

  /** The merged study's disputes at the default thresholds: factuality (Likert) 2 steps, safety any difference. */
  adjudicationRounds: AdjudicationRoundInfo[] = [];
  async previewAdjudication(request: { thresholds: DisputeThresholds }): Promise<AdjudicationPreview> {
    const likert = request.thresholds.likert ?? 2;
    // Disputed factuality units by spread: 6 at 2 steps, 2 at 3 steps, none further apart.
    const factuality = likert <= 2 ? 6 : likert === 3 ? 2 : 0;
    return {
      dimensions: [
        {
          dimension: 'factuality',
          label: 'Factuality',
          kind: 'likert',
          threshold: likert,
          compared: 40,
          disputes: factuality,
        },
        { dimension: 'safety', label: 'Safety', kind: 'binary', threshold: null, compared: 40, disputes: 3 },
        { dimension: 'preference', label: 'Preference', kind: null, threshold: null, compared: 10, disputes: 1 },
      ],
      thresholds: [{ kind: 'likert', threshold: likert, defaultThreshold: 2 }],
      tasks: factuality + 3,
      disputes: factuality + 4,
      problem: null,
    };
  }
  /** As the service refuses (electron/services/adjudication.ts checkAdjudicationRequest). */
  async startAdjudicate(request: AdjudicateRequest) {
    if (this.plan?.tasksPerRater.some((r) => r.name === request.adjudicator.trim()))
      throw new Error(
        `${request.adjudicator.trim()} is a rater of this study: an adjudicator settles the raters' disagreements and must be someone else.`,
      );
    const other = request.passphrase === null ? undefined : this.passphraseHolders.get(request.passphrase);
    // As the service: the same adjudicator's next round may keep their passphrase.
    const sameAdjudicator = other?.role === 'adjudicator' && other.name === request.adjudicator.trim();
    if (other && !sameAdjudicator)
      throw new Error(sharedPassphraseRefusal({ role: 'adjudicator', name: request.adjudicator.trim() }, other));
    const preview = await this.previewAdjudication(request);
    const passphrase = request.passphrase ?? 'amber willow seven harbor quiet lamp';
    const fileName = `${request.adjudicator} adjudication.blindrate`;
    const sheet = {
      studyName: 'Fake master',
      rater: request.adjudicator,
      fileName,
      passphrase,
      howToOpen: ['Open BlindRate.', 'Choose Open… and pick the file.', 'Type this passphrase.'],
      roundId: `round-${this.nextJob}`,
      tasks: preview.tasks,
      disputes: preview.disputes,
      file: { name: fileName, bytes: 40960, folderLabel: 'Downloads', downloadToken: `dl-${fileName}` },
    };
    return this.startJob('adjudicate', { state: 'done', result: { kind: 'adjudicate', sheet } }, () => {
      this.writes.push({ method: 'startAdjudicate', request });
      this.passphrases.set(`adjudication ${sheet.roundId}`, passphrase);
      this.passphraseHolders.set(passphrase, { role: 'adjudicator', name: request.adjudicator });
      this.adjudicationRounds.push({
        roundId: sheet.roundId,
        adjudicator: request.adjudicator,
        fileName,
        tasks: sheet.tasks,
        showsRatings: request.showRatings,
        issuedAt: '2026-01-16T09:00:00.000Z',
        returnedAt: null,
        disputes: sheet.disputes,
        settled: 0,
      });
    });
  }
  async listAdjudicationRounds() {
    return this.adjudicationRounds;
  }

  seal: ProtocolSealInfo | null = null;
  /** As protocol.recordProtocolChange: after the seal a change needs a reason, and is then counted. */
  private deviate(change: string, reason: string | undefined) {
    if (!this.seal) return;
    if (!reason?.trim())
      throw new Error(
        `The protocol was sealed on ${this.seal.sealedAt} (SHA-256 abababababab) and ${change} changes its plan: give the reason for the deviation to record it, or leave the protocol as sealed.`,
      );
    this.seal = { ...this.seal, deviations: this.seal.deviations + 1 };
  }
  async getProtocolSeal() {
    return this.seal;
  }
  async sealProtocol() {
    if (this.seal) throw new Error(`The protocol was already sealed on ${this.seal.sealedAt}.`);
    this.writes.push({ method: 'sealProtocol', request: undefined });
    this.seal = { sealedAt: '2026-03-05T12:00:00.000Z', hash: 'ab'.repeat(32), deviations: 0 };
    return this.seal;
  }
}

function takesRemedy(choice: ReturnChoices | undefined, remedy: PackageRemedy): boolean {
  switch (remedy) {
    case 'adopt':
      return Boolean(choice?.adoptPassphrase);
    case 'accept-diverged':
      return choice?.acceptDivergedHistory === true;
    default:
      return assertNever(remedy, 'package remedy');
  }
}
