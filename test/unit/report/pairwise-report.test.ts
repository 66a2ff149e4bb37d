import { describe, expect, it } from 'vitest';
import type { PairwiseSummary } from '../../../shared/analysis';
import { buildReportModel, renderReportHtml } from '../../../shared/report';
import { forestGeometry } from '../../../shared/report/forest';
import { formatInterval, formatNumber, heatColours } from '../../../shared/report/format';
import { modelTables, type ReportCell, type Rich } from '../../../shared/report/model';
import { FIXTURE_STUDY } from './fixture-study';
import { pairwiseFixtureResult } from './pairwise-fixture';

const result = pairwiseFixtureResult();
const study = { ...FIXTURE_STUDY, rubric: null, samples: [] };
const model = buildReportModel(result, study);
const html = renderReportHtml(result, study);
const plain = (text: ReportCell): string =>
  typeof text === 'string'
    ? text
    : Array.isArray(text)
      ? text.map((run) => (typeof run === 'string' ? run : plain(run.content as Rich))).join('')
      : plain(text.content);
const table = (label: string) => modelTables(model).find((t) => t.label === label)!;
const overall = result.pairwise!.find((s) => s.dimension === 'pairwise' && s.bin === null)!;

describe('the pairwise section of the report', () => {
  it('ranks the strengths in a forest plot with their intervals, strongest first', () => {
    const section = model.sections.find((s) => s.id === 'pairwise')!;
    const forests = section.blocks.filter((b) => b.kind === 'strength-forest');
    expect(forests).toHaveLength(2); // the overall choice and clarity
    const geometry = forestGeometry(overall.bradleyTerry);
    const byStrength = [...overall.bradleyTerry].sort((a, b) => b.logStrength! - a.logStrength!);
    expect(geometry.rows.map((row) => row.model)).toEqual(byStrength.map((s) => s.model));
    expect(geometry.rows[0]!.text).toBe(
      `${formatNumber(byStrength[0]!.logStrength)} ${formatInterval([byStrength[0]!.low!, byStrength[0]!.high!])}`,
    );
    // The interval's ends sit on either side of the point, all inside the plot.
    for (const row of geometry.rows) {
      expect(row.interval![0]).toBeLessThan(row.point!);
      expect(row.interval![1]).toBeGreaterThan(row.point!);
      expect(row.interval![0]).toBeGreaterThanOrEqual(geometry.plot.left);
      expect(row.interval![1]).toBeLessThanOrEqual(geometry.plot.right);
    }
    expect(html).toContain('<svg class="forest"');
    expect(html).toContain(
      'aria-label="Overall preference: Bradley–Terry log-strengths with 95% intervals, strongest first"',
    );
  });

  it('shades the win matrix by the row model’s share of each pair, ties counting half', () => {
    const matrix = table('Overall preference: win matrix');
    const ranked = matrix.head.slice(1) as string[];
    expect(ranked[0]).toBe('claude');
    const pair = overall.pairs.find((p) => p.model === 'gemini' && p.opponent === 'llama')!;
    const n = pair.wins + pair.ties + pair.losses;
    const share = (pair.wins + pair.ties / 2) / n;
    const row = matrix.rows.find((r) => plain(r[0]!) === 'gemini')!;
    const cell = row[1 + ranked.indexOf('llama')] as { content: Rich; heat: number; title: string };
    expect(cell.heat).toBeCloseTo(2 * share - 1, 12);
    expect(plain(cell)).toBe(`${Math.round(share * 100)}%n = ${n}`);
    expect(cell.title).toBe(
      `gemini against llama: ${pair.wins} won, ${pair.ties} tied, ${pair.losses} lost; P(gemini beats llama) = ${formatNumber(pair.beats)}`,
    );
    // Seen from the other side: the mirror share, shaded the other way.
    const mirror = matrix.rows.find((r) => plain(r[0]!) === 'llama')![1 + ranked.indexOf('gemini')] as { heat: number };
    expect(mirror.heat).toBeCloseTo(-(2 * share - 1), 12);
    expect(html).toContain(`background:${heatColours(cell.heat).background}`);
  });

  it('says "not estimable" where one model won every judgement, per bin, never a huge number', () => {
    const perBin = table('clarity: log-strengths per bin');
    expect(perBin.head).toEqual(['Model', 'All bins', 'Bin 1', 'Bin 2', 'Bin 3']);
    expect(perBin.rows.map((row) => plain(row[4]!))).toEqual(perBin.rows.map(() => 'not estimable'));
    expect(perBin.rows.map((row) => plain(row[1]!)).every((text) => /^−?\d\.\d\d \[/.test(text))).toBe(true);
    // Reported on its own, bin 3's clarity says why in words, and its forest plot prints no number.
    const bin3 = result.pairwise!.find((s) => s.dimension === 'clarity' && s.bin === 3)!;
    const alone = renderReportHtml({ ...result, pairwise: [{ ...bin3, bin: null }] }, study);
    expect(alone).toContain(
      'Not estimable: among claude, gemini, gpt, llama, mistral, some models won or tied every comparison with the others',
    );
    expect(forestGeometry(bin3.bradleyTerry).rows.map((row) => [row.point, row.text])).toEqual(
      bin3.bradleyTerry.map(() => [null, 'not estimable']),
    );
  });

  it('describes a disconnected design per group', () => {
    const disconnected: PairwiseSummary = {
      ...overall,
      components: [
        { models: ['claude', 'gemini'], estimable: true },
        { models: ['gpt', 'llama', 'mistral'], estimable: true },
      ],
    };
    const text = renderReportHtml({ ...result, pairwise: [disconnected] }, study);
    expect(text).toContain(
      'The design is disconnected: the models fall into 2 groups never compared with each other (claude, gemini; gpt, llama, mistral).',
    );
  });

  it('states the model, the tie rule, the interval method and the design in the Methods', () => {
    const methods = html.slice(html.indexOf('<h2>Methods</h2>'));
    const raters = overall.circularTriads.length;
    for (const phrase of [
      'Bradley–Terry maximum-likelihood estimates',
      'a tie counts as half a win for each side',
      'percentile bootstrap intervals over items: 60 resamples of the items drawn with replacement',
      `Design: 5 models (claude, gemini, gpt, llama, mistral), 36 items, 10 pairs of models compared, ${raters} raters, ${overall.judgements} overall judgements`,
      '"not estimable"',
    ]) {
      expect(methods).toContain(phrase);
    }
  });

  it('names the aspects rated besides the overall choice in the Methods, and none when only that was asked', () => {
    const methodsOf = (page: string) => page.slice(page.indexOf('<h2>Methods</h2>'));
    expect(methodsOf(html)).toContain(
      'Besides the overall choice, the raters chose the better answer (or a tie) on each of 1 rubric aspect: clarity; the overall choice gives the primary ranking',
    );
    const overallOnly = { ...result, pairwise: result.pairwise!.filter((s) => s.dimension === 'pairwise') };
    const methods = methodsOf(renderReportHtml(overallOnly, study));
    expect(methods).not.toContain('Besides the overall choice');
    expect(methods).toContain('Each bin is analysed in the same way.');
  });

  it('reports the checks: position bias, agreement on the same pair, circular triads, both unacceptable', () => {
    expect(table('Overall preference: circular triads per rater').rows).toHaveLength(3);
    expect(table('Overall preference: both answers unacceptable, per model').rows).toHaveLength(5);
    expect(html).toContain(
      `the answer shown at A was preferred in ${overall.positionBias.chosenA} of ${overall.positionBias.decisive} decisive judgements`,
    );
    expect(html).toContain(`Gwet's AC1 = ${formatNumber(overall.agreement.ac1)}`);
  });

  it('puts every aspect’s strengths beside the overall ones, models ranked by their overall strength', () => {
    const clarity = result.pairwise!.find((s) => s.dimension === 'clarity' && s.bin === null)!;
    const perAspect = table('Bradley–Terry log-strengths per aspect');
    expect(perAspect.head).toEqual(['Model', 'Overall preference', 'clarity']);
    const ranked = [...overall.bradleyTerry].sort((a, b) => b.logStrength! - a.logStrength!).map((s) => s.model);
    expect(perAspect.rows.map((row) => plain(row[0]!))).toEqual(ranked);
    for (const row of perAspect.rows) {
      const strengthOn = (summary: PairwiseSummary) => summary.bradleyTerry.find((b) => b.model === plain(row[0]!))!;
      expect(plain(row[1]!)).toBe(
        `${formatNumber(strengthOn(overall).logStrength)} ${formatInterval([strengthOn(overall).low!, strengthOn(overall).high!])}`,
      );
      expect(plain(row[2]!).startsWith(formatNumber(strengthOn(clarity).logStrength))).toBe(true);
    }
    // The mark belongs to the judgement: it is tabled once, under the overall choice.
    expect(modelTables(model).filter((t) => t.label.endsWith('both answers unacceptable, per model'))).toHaveLength(1);
  });

  it('leaves the per-aspect table out when the overall choice was all that was asked', () => {
    const overallOnly = { ...result, pairwise: result.pairwise!.filter((s) => s.dimension === 'pairwise') };
    const tables = modelTables(buildReportModel(overallOnly, study));
    expect(tables.some((t) => t.label === 'Bradley–Terry log-strengths per aspect')).toBe(false);
    expect(tables.some((t) => t.label === 'Overall preference: win matrix')).toBe(true);
  });

  it('leaves the section out of a study without pairwise judgements', () => {
    expect(buildReportModel({ ...result, pairwise: undefined }, study).sections.some((s) => s.id === 'pairwise')).toBe(
      false,
    );
  });
});
