/**
 * `blindrate bundle` and `blindrate verify-bundle`: a folder a reviewer can re-run offline (the protocol
 * in force with its seal and deviations, the tidy ratings and their dictionary, the analysis JSON, the
 * report, the audit chain's heads and a manifest of every file's SHA-256), and the check of one.
 * The bundled analysis is, by construction, the analysis of the bundled ratings.csv with the protocol's
 * options: verify runs the same function on the same bytes and must get the same JSON.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readAuditChain, readPackageMergeEntries, sha256 } from '../../db/audit';
import type { StudyDb } from '../../db/connection';
import { listIssuedPackages } from '../../db/packages';
import { serializeAnalysisResult, type AnalysisResult, type TidyRatingRow } from '../../shared/analysis';
import { verifyAuditChain } from '../../shared/audit-chain';
import {
  BUNDLE_FILES,
  BUNDLE_FORMAT,
  firstJsonDifference,
  MANIFEST_FILE,
  manifestProblems,
  protocolHashProblem,
  readableJson,
  type BundledProtocol,
  type BundleManifest,
} from '../../shared/bundle';
import { isoNow, type Clock } from '../../shared/clock';
import { StudyError } from '../../shared/errors';
import { protocolInForce, type Protocol } from '../../shared/protocol';
import { renderReportHtml } from '../../shared/report';
import { readReportStudy } from './analysis';
import { analyzeRatingsText } from './ratings-analysis';
import { temporarySibling } from './atomic-file';
import { dictionaryTable, tableCsvText, tidyRatingsTable } from './exporter';
import { analyzeOptionsOf, raterCodes, readProtocolRecord } from './protocol';
import { dimensionsOfRubric, readStudyName } from './study';
import { readTidyPairwiseRows, readTidyRatingRows } from './tidy-ratings';

export interface BundleOptions {
  out: string;
  /** Keep the raters' names; otherwise each is its protocol code (R01, R02, …). */
  raterNames: boolean;
  clock: Clock;
}

export interface BundleSummary {
  files: number;
  ratingRows: number;
  /** Model-against-model judgements, bundled in ratings.csv as rows with task = pairwise. */
  pairwiseRows: number;
  raters: number;
  protocolHash: string;
  deviations: number;
}

/** The one analysis of a bundle: its ratings.csv with its protocol's rubric and options. */
export function analyseBundledRatings(ratingsCsv: string, protocol: Protocol): AnalysisResult {
  const { analysis, rubric, plan } = protocol;
  const options = analyzeOptionsOf(analysis);
  const calibration = plan.calibration.length > 0 ? plan.calibration : undefined;
  return analyzeRatingsText(
    ratingsCsv,
    BUNDLE_FILES.ratings,
    { ...options, qc: { ...options.qc, calibration } },
    dimensionsOfRubric(rubric),
  );
}

/** Writes the bundle into `out`, which must not exist or be empty; it appears whole or not at all. */
export function writeBundle(db: StudyDb, options: BundleOptions): BundleSummary {
  const record = readProtocolRecord(db);
  if (!record)
    throw new StudyError(
      'The protocol is not sealed: seal it first, so the bundle shows the design and analysis were fixed before rating.',
    );
  refuseFilledFolder(options.out);
  const inForce = protocolInForce(record);
  const codes = raterCodes(db);
  const named = (rater: string) => (options.raterNames ? rater : (codes.get(rater) ?? rater));
  const rows: TidyRatingRow[] = readTidyRatingRows(db).map((row) => ({ ...row, rater: named(row.rater) }));
  const pairwise = readTidyPairwiseRows(db).map((row) => ({ ...row, rater: named(row.rater) }));
  if (rows.length === 0 && pairwise.length === 0)
    throw new StudyError("No answer has come back yet: merge the raters' packages before bundling their ratings.");
  // The study's own analysis reads the same rows (analysis.ts), so the bundle's is the study's.
  const ratingsCsv = tableCsvText(tidyRatingsTable(rows, dimensionsOfRubric(inForce.protocol.rubric), pairwise));
  const result = analyseBundledRatings(ratingsCsv, inForce.protocol);
  const study = readReportStudy(db, options.clock);
  const bundled: BundledProtocol = {
    seal: { at: record.seal.at, hash: record.seal.hash },
    deviations: record.deviations.map(({ at, kind, reason, changes, hash }) => ({ at, kind, reason, changes, hash })),
    protocol: inForce.protocol,
    ...(record.deviations.length > 0 ? { sealedProtocol: record.seal.protocol } : {}),
  };
  const files: Record<string, string> = {
    [BUNDLE_FILES.protocol]: readableJson(bundled),
    [BUNDLE_FILES.ratings]: ratingsCsv,
    [BUNDLE_FILES.dictionary]: tableCsvText(dictionaryTable()),
    [BUNDLE_FILES.analysis]: serializeAnalysisResult(result),
    [BUNDLE_FILES.report]: renderReportHtml(result, {
      ...study,
      packages: study.packages?.map((p) => ({ ...p, rater: named(p.rater) })),
      comments: study.comments?.map((c) => ({ ...c, rater: named(c.rater) })),
    }),
    [BUNDLE_FILES.auditHeads]: readableJson(auditHeads(db, named)),
  };
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    study: readStudyName(db),
    createdAt: isoNow(options.clock),
    raterNames: options.raterNames,
    files: Object.entries(files)
      .map(([file, text]) => ({ file, bytes: Buffer.byteLength(text, 'utf8'), sha256: sha256(text) }))
      .sort((a, b) => (a.file < b.file ? -1 : 1)),
  };
  writeFolderAtomically(options.out, { ...files, [MANIFEST_FILE]: readableJson(manifest) });
  return {
    files: manifest.files.length + 1,
    ratingRows: rows.length,
    pairwiseRows: pairwise.length,
    raters: new Set([...rows, ...pairwise].map((r) => r.rater)).size,
    protocolHash: inForce.hash,
    deviations: record.deviations.length,
  };
}

/** The master's chain head and, per returned package, the head its last merge recorded. */
function auditHeads(db: StudyDb, named: (rater: string) => string) {
  const verdict = verifyAuditChain(readAuditChain(db), sha256);
  if (!verdict.ok) throw new StudyError(`The study's audit chain is broken: ${verdict.reason}.`);
  return {
    master: { entries: verdict.entries, head: verdict.head },
    packages: listIssuedPackages(db).flatMap((p) => {
      const last = readPackageMergeEntries(db, p.id).at(-1);
      if (!last) return [];
      const merged = JSON.parse(last.newValue) as { chainHead: string; entries: number };
      return [{ package: p.id, rater: named(p.raterName), entries: merged.entries, head: merged.chainHead }];
    }),
  };
}

function refuseFilledFolder(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new StudyError(`${out} is a file: give a folder for the bundle.`);
  if (readdirSync(out).length > 0) throw new StudyError(`${out} already holds files: give a new or empty folder.`);
}

/** Every file into a temporary sibling folder, renamed into place once all are written. */
function writeFolderAtomically(out: string, files: Record<string, string>): void {
  mkdirSync(dirname(out), { recursive: true });
  const temporary = temporarySibling(out);
  mkdirSync(temporary, { mode: 0o700 });
  try {
    for (const [file, text] of Object.entries(files)) writeFileSync(join(temporary, file), text, { mode: 0o600 });
    if (existsSync(out)) rmSync(out, { recursive: false });
    renameSync(temporary, out);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}

export interface BundleVerdict {
  /** One line per file that is not as bundled; empty when the bundle verifies. */
  problems: string[];
  files: number;
  protocolHash: string | null;
}

/** Checks a bundle: every hash, the protocol's own hash, and the analysis re-run from its CSV. */
export function verifyBundle(dir: string): BundleVerdict {
  const manifestPath = join(dir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new StudyError(`${dir} has no ${MANIFEST_FILE}: it is not a BlindRate bundle.`);
  const manifest = parseJson<BundleManifest>(readFileSync(manifestPath, 'utf8'), MANIFEST_FILE);
  if (manifest.format !== BUNDLE_FORMAT)
    throw new StudyError(`${MANIFEST_FILE} is not a BlindRate bundle manifest (format ${String(manifest.format)}).`);
  const texts = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (name !== MANIFEST_FILE && statSync(join(dir, name)).isFile())
      texts.set(name, readFileSync(join(dir, name), 'utf8'));
  }
  const present = new Map(
    [...texts].map(([file, text]) => [file, { bytes: Buffer.byteLength(text), sha256: sha256(text) }]),
  );
  const problems = manifestProblems(manifest, present);
  const add = (file: string, problem: string) => {
    const earlier = problems.get(file);
    problems.set(file, earlier ? `${earlier}; ${problem}` : problem);
  };

  let protocolHash: string | null = null;
  const protocolText = texts.get(BUNDLE_FILES.protocol);
  const ratingsCsv = texts.get(BUNDLE_FILES.ratings);
  const analysisJson = texts.get(BUNDLE_FILES.analysis);
  if (protocolText !== undefined) {
    const bundled = parseJson<BundledProtocol>(protocolText, BUNDLE_FILES.protocol);
    const hashProblem = protocolHashProblem(bundled, sha256);
    if (hashProblem) add(BUNDLE_FILES.protocol, hashProblem);
    else protocolHash = bundled.deviations.at(-1)?.hash ?? bundled.seal.hash;
    if (ratingsCsv !== undefined && analysisJson !== undefined) {
      const rerun = reanalyse(ratingsCsv, bundled.protocol);
      if (rerun.problem !== undefined) add(BUNDLE_FILES.ratings, rerun.problem);
      else if (rerun.json !== analysisJson) {
        const where =
          firstJsonDifference(parseJson(analysisJson, BUNDLE_FILES.analysis), JSON.parse(rerun.json) as unknown) ??
          'its bytes differ';
        // Blame the file that changed: the ratings, the protocol's options, or else the analysis itself.
        const culprit =
          [BUNDLE_FILES.ratings, BUNDLE_FILES.protocol].find((f) => problems.has(f)) ?? BUNDLE_FILES.analysis;
        add(
          culprit,
          `re-analysed with the protocol's options, ${BUNDLE_FILES.ratings} gives another ${BUNDLE_FILES.analysis} (${where})`,
        );
      }
    }
  }
  return {
    problems: [...problems].map(([file, problem]) => `${file} ${problem}.`),
    files: manifest.files.length,
    protocolHash,
  };
}

function reanalyse(
  ratingsCsv: string,
  protocol: Protocol,
): { json: string; problem?: never } | { json?: never; problem: string } {
  try {
    return { json: serializeAnalysisResult(analyseBundledRatings(ratingsCsv, protocol)) };
  } catch (error) {
    if (error instanceof StudyError) return { problem: `cannot be analysed: ${error.message}` };
    throw error;
  }
}

function parseJson<T = unknown>(text: string, file: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new StudyError(`${file} is not valid JSON.`);
  }
}
