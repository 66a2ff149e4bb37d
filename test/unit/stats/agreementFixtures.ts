import { readFileSync } from 'node:fs';

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/stats/${name}`, import.meta.url), 'utf8'));

interface PsychIcc {
  value: number;
  lower: number;
  upper: number;
}

/** R psych::ICC values, made by test/fixtures/stats/make_icc_fixtures.R. */
export const iccReference = read('icc_reference.json') as {
  icc: Array<{
    name: string;
    /** rows = outputs, columns = raters */
    data: number[][];
    expected: Record<'ICC_A_1' | 'ICC_C_1' | 'ICC_A_k', PsychIcc>;
    published?: Record<'ICC_A_1' | 'ICC_C_1' | 'ICC_A_k', number>;
    published_decimals?: number;
  }>;
};

/** Gwet AC1/AC2, Wilson and per-rater diagnostics from numpy/scipy, made by make_agreement_fixtures.py. */
export const agreementReference = read('agreement_reference.json') as {
  gwet: Array<{
    name: string;
    /** one array per unit, one value per rater, null = missing */
    units: Array<Array<number | null>>;
    categories: number[];
    weights: 'none' | 'quadratic';
    expected: { n: number; pa: number; pe: number; coefficient: number; se: number; ci95: [number, number] };
    published?: { coefficient: number; se: number; pa: number; pe: number };
  }>;
  wilson: Array<{ successes: number; trials: number; expected: [number, number] }>;
  diagnostics: {
    rows: Array<{
      rater: string;
      item_id: string;
      model: string;
      dimension: string;
      value: number;
      duration_ms: number;
    }>;
    expected: Record<
      string,
      Record<
        string,
        {
          n: number;
          mean: number;
          sd: number;
          loo_spearman: number | null;
          loo_n: number;
          mean_difference: number;
          mean_difference_ci95: [number, number];
        }
      >
    >;
    timing: Record<string, { tasks: number; median_ms: number; q1_ms: number; q3_ms: number }>;
  };
};

/** Ordinal (k = 3, 4) and nominal (4, 5 categories) agreement, made by make_kind_agreement_fixtures.py. */
export const kindAgreementReference = read('kind_agreement_reference.json') as {
  cases: Array<{
    name: string;
    kind: 'ordinal' | 'nominal';
    scale: number[];
    /** raters × units, null = missing */
    data: Array<Array<number | null>>;
    expected: {
      alpha: number;
      gwet: { n: number; coefficient: number; se: number };
      weighted_kappa?: Array<{ raters: [number, number]; n: number; kappa: number }>;
    };
  }>;
};
