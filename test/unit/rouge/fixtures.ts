import { readFileSync } from 'node:fs';
import type { PRF, RougeScores } from '../../../shared/rouge';

/** Reference data written by test/fixtures/rouge/make_rouge_fixtures.py. */
export interface RougeReference {
  cases: Array<{
    name: string;
    stem: boolean;
    reference: string;
    candidate: string;
    tokens: { reference: string[]; candidate: string[] };
    expected: RougeScores;
  }>;
  rouge155: Array<{
    name: string;
    stem: boolean;
    reference: string;
    candidate: string;
    type: keyof RougeScores;
    published: PRF;
  }>;
}

function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../fixtures/rouge/${name}`, import.meta.url), 'utf8')) as T;
}

export const rougeReference = readFixture<RougeReference>('rouge_reference.json');
export const nltkStems = readFixture<{ stems: Record<string, string> }>('porter_nltk.json').stems;
