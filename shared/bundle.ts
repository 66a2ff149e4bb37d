/**
 * A study bundle for a reviewer: which files it holds, its manifest, and the checks `verify-bundle`
 * makes (every file's SHA-256 against the manifest, the protocol against its sealed hash, the bundled
 * analysis against a re-run), each problem as one line naming the file and what differs.
 */
import type { Sha256 } from './audit-chain';
import { canonicalJson, protocolHash, type DeviationKind, type Protocol } from './protocol';

export const BUNDLE_FILES = {
  protocol: 'protocol.json',
  ratings: 'ratings.csv',
  dictionary: 'data-dictionary.csv',
  analysis: 'analysis.json',
  report: 'report.html',
  auditHeads: 'audit-heads.json',
} as const;
export const MANIFEST_FILE = 'manifest.json';
export const BUNDLE_FORMAT = 'blindrate-bundle/1';

export interface ManifestEntry {
  file: string;
  bytes: number;
  sha256: string;
}

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  study: string;
  createdAt: string;
  /** Whether ratings.csv and report.html name the raters (otherwise codes R01, R02, …). */
  raterNames: boolean;
  files: ManifestEntry[];
}

/** protocol.json: the protocol in force with the seal and deviations that led to it. */
export interface BundledProtocol {
  seal: { at: string; hash: string };
  deviations: { at: string; kind: DeviationKind; reason: string; changes: string[]; hash: string }[];
  /** The protocol in force: the sealed one, or the one after the last deviation. */
  protocol: Protocol;
  /** The protocol as sealed, when deviations changed it since. */
  sealedProtocol?: Protocol;
}

/** A JSON document with sorted keys, two-space indented, ending in a newline: readable and reproducible. */
export function readableJson(value: unknown): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(value)), null, 2)}\n`;
}

/** What is wrong with the files against the manifest: file name → what differs. */
export function manifestProblems(
  manifest: BundleManifest,
  present: ReadonlyMap<string, { bytes: number; sha256: string }>,
): Map<string, string> {
  const problems = new Map<string, string>();
  const listed = new Set(manifest.files.map((f) => f.file));
  for (const entry of manifest.files) {
    const actual = present.get(entry.file);
    if (!actual) problems.set(entry.file, 'is missing');
    else if (actual.sha256 !== entry.sha256)
      problems.set(entry.file, `has SHA-256 ${actual.sha256}, the manifest says ${entry.sha256}`);
  }
  for (const file of present.keys())
    if (!listed.has(file) && file !== MANIFEST_FILE) problems.set(file, 'is not in the manifest');
  return problems;
}

/** Why protocol.json does not hash to what it records, or null when it does. */
export function protocolHashProblem(bundled: BundledProtocol, sha256: Sha256): string | null {
  const expected = bundled.deviations.at(-1)?.hash ?? bundled.seal.hash;
  const actual = protocolHash(bundled.protocol, sha256);
  if (actual !== expected)
    return `its protocol hashes to ${actual}, not the ${bundled.deviations.length > 0 ? 'hash after the last deviation' : 'sealed hash'} ${expected}`;
  if (bundled.sealedProtocol) {
    const sealed = protocolHash(bundled.sealedProtocol, sha256);
    if (sealed !== bundled.seal.hash)
      return `its sealed protocol hashes to ${sealed}, not the sealed hash ${bundled.seal.hash}`;
  }
  return null;
}

/**
 * The first place two JSON values differ, as a path (`bins[3].mean`) with both values, or null when
 * they are the same. Object keys are compared in the first value's order, then keys only the second has.
 */
export function firstJsonDifference(expected: unknown, actual: unknown, path = ''): string | null {
  const here = path === '' ? 'the top level' : path;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length || i >= actual.length)
        return `${here} has ${actual.length} entries, not ${expected.length}`;
      const inner = firstJsonDifference(expected[i], actual[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return null;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const inner = firstJsonDifference(expected[key], actual[key], path === '' ? key : `${path}.${key}`);
      if (inner) return inner;
    }
    return null;
  }
  return JSON.stringify(expected) === JSON.stringify(actual)
    ? null
    : `${here} is ${JSON.stringify(actual) ?? 'absent'}, not ${JSON.stringify(expected) ?? 'absent'}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
