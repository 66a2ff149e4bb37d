/**
 * ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum as Google's rouge-score package computes them
 * (rouge/rouge_scorer.py), for one reference and one candidate.
 */
import { rougeTokens } from './tokenize';

export type PRF = { precision: number; recall: number; f1: number };
export type RougeScores = { rouge1: PRF; rouge2: PRF; rougeL: PRF; rougeLsum: PRF };

export { rougeTokens } from './tokenize';
export { porterStem } from './porterStemmer';

export function rougeScores(reference: string, candidate: string, options: { stem: boolean }): RougeScores {
  const referenceTokens = rougeTokens(reference, options.stem);
  const candidateTokens = rougeTokens(candidate, options.stem);
  return {
    rouge1: ngramScore(referenceTokens, candidateTokens, 1),
    rouge2: ngramScore(referenceTokens, candidateTokens, 2),
    rougeL: lcsScore(referenceTokens, candidateTokens),
    rougeLsum: summaryLevelLcsScore(
      summarySentences(reference).map((sentence) => rougeTokens(sentence, options.stem)),
      summarySentences(candidate).map((sentence) => rougeTokens(sentence, options.stem)),
    ),
  };
}

const ZERO: PRF = { precision: 0, recall: 0, f1: 0 };

function prf(hits: number, candidateCount: number, referenceCount: number): PRF {
  const precision = hits / candidateCount;
  const recall = hits / referenceCount;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Clipped n-gram overlap: each reference n-gram matches at most as often as it occurs in the candidate. */
function ngramScore(reference: ReadonlyArray<string>, candidate: ReadonlyArray<string>, n: number): PRF {
  const referenceCounts = ngramCounts(reference, n);
  const candidateCounts = ngramCounts(candidate, n);
  let hits = 0;
  for (const [ngram, count] of referenceCounts) hits += Math.min(count, candidateCounts.get(ngram) ?? 0);
  const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, c) => sum + c, 0);
  // rouge-score divides by max(count, 1), so no n-grams on a side gives 0 rather than NaN.
  return prf(hits, Math.max(total(candidateCounts), 1), Math.max(total(referenceCounts), 1));
}

function ngramCounts(tokens: ReadonlyArray<string>, n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    // Tokens are [a-z0-9]+, so a space joins them without ambiguity.
    const ngram = tokens.slice(i, i + n).join(' ');
    counts.set(ngram, (counts.get(ngram) ?? 0) + 1);
  }
  return counts;
}

function lcsScore(reference: ReadonlyArray<string>, candidate: ReadonlyArray<string>): PRF {
  if (reference.length === 0 || candidate.length === 0) return ZERO;
  const table = lcsTable(reference, candidate);
  return prf(table.at(reference.length, candidate.length), candidate.length, reference.length);
}

/** at(i, j) = LCS length of reference[0..i) and candidate[0..j), in one flat typed array for speed. */
function lcsTable(reference: ReadonlyArray<string>, candidate: ReadonlyArray<string>) {
  // Integer ids compare faster than equal strings that are distinct objects.
  const ids = new Map<string, number>();
  const idOf = (token: string): number => ids.get(token) ?? ids.set(token, ids.size).size - 1;
  const referenceIds = Int32Array.from(reference, idOf);
  const candidateIds = Int32Array.from(candidate, idOf);
  const width = candidate.length + 1;
  const cells = new Int32Array((reference.length + 1) * width);
  for (let i = 1; i <= reference.length; i++) {
    for (let j = 1; j <= candidate.length; j++) {
      cells[i * width + j] =
        referenceIds[i - 1] === candidateIds[j - 1]
          ? cells[(i - 1) * width + j - 1]! + 1
          : Math.max(cells[(i - 1) * width + j]!, cells[i * width + j - 1]!);
    }
  }
  return { at: (i: number, j: number): number => cells[i * width + j]! };
}

/** Reference indices of one LCS, read back from the table the way rouge-score does (ties move up). */
function lcsReferenceIndices(reference: ReadonlyArray<string>, candidate: ReadonlyArray<string>): number[] {
  const table = lcsTable(reference, candidate);
  const indices: number[] = [];
  let i = reference.length;
  let j = candidate.length;
  while (i > 0 && j > 0) {
    if (reference[i - 1] === candidate[j - 1]) {
      indices.push(i - 1);
      i--;
      j--;
    } else if (table.at(i, j - 1) > table.at(i - 1, j)) {
      j--;
    } else {
      i--;
    }
  }
  return indices.reverse();
}

/** rouge-score's Lsum sentences: split on "\n" only, dropping empty lines (not blank ones). */
function summarySentences(text: string): string[] {
  return text.split('\n').filter((sentence) => sentence.length > 0);
}

/**
 * Summary-level LCS (Lin 2004, section 3.2) as rouge-score implements it: for each reference sentence,
 * the union of its LCS indices with every candidate sentence; each union token counts as a hit only
 * while both summaries still have an unused occurrence of it (ROUGE 1.5.5's no-double-counting rule).
 */
function summaryLevelLcsScore(
  referenceSentences: ReadonlyArray<ReadonlyArray<string>>,
  candidateSentences: ReadonlyArray<ReadonlyArray<string>>,
): PRF {
  const referenceCount = referenceSentences.reduce((sum, s) => sum + s.length, 0);
  const candidateCount = candidateSentences.reduce((sum, s) => sum + s.length, 0);
  if (referenceCount === 0 || candidateCount === 0) return ZERO;

  const unusedInReference = ngramCounts(referenceSentences.flat(), 1);
  const unusedInCandidate = ngramCounts(candidateSentences.flat(), 1);
  let hits = 0;
  for (const sentence of referenceSentences) {
    const union = new Set(candidateSentences.flatMap((candidate) => lcsReferenceIndices(sentence, candidate)));
    for (const index of [...union].sort((a, b) => a - b)) {
      const token = sentence[index]!;
      if ((unusedInReference.get(token) ?? 0) > 0 && (unusedInCandidate.get(token) ?? 0) > 0) {
        hits++;
        unusedInReference.set(token, unusedInReference.get(token)! - 1);
        unusedInCandidate.set(token, unusedInCandidate.get(token)! - 1);
      }
    }
  }
  return prf(hits, candidateCount, referenceCount);
}
