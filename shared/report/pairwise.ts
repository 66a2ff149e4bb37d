/** The report's pairwise section: Bradley–Terry strengths, the win matrix, strengths per bin and the checks. */
import { PAIRWISE_DIMENSION, type PairwiseRecord, type PairwiseSummary } from '../analysis/pairwise';
import type { AnalysisResult } from '../analysis/types';
import type { ForestRow } from './forest';
import { formatInterval, formatNumber, formatP, formatPercent, formatShareInterval } from './format';
import {
  heading,
  note,
  paragraph,
  strong,
  styled,
  tableBlock,
  type Labeller,
  type ReportBlock,
  type ReportCell,
  type ReportSection,
  type Rich,
} from './model';

/** The overall choice's label; a rubric dimension's choice is labelled as the rubric labels it. */
function pairwiseLabel(dimension: string, label: Labeller): string {
  return dimension === PAIRWISE_DIMENSION ? 'Overall preference' : label(dimension);
}

export function pairwiseSection(result: AnalysisResult, label: Labeller): ReportSection | null {
  if (!result.pairwise || result.pairwise.length === 0) return null;
  const overall = result.pairwise.filter((summary) => summary.bin === null);
  return {
    id: 'pairwise',
    title: 'Model against model (pairwise)',
    blocks: [
      paragraph(
        'Bradley–Terry strengths from blinded pairwise judgements (ties count as half a win for each side), ranked, with 95% bootstrap intervals over items; then the win matrix, the strengths per bin and the checks of the judgements. Log-strengths sum to zero: a model at 0 is the average model, and a difference d means P(beats) = 1 / (1 + e^−d).',
      ),
      ...aspectStrengthBlocks(overall, label),
      ...overall.flatMap((summary) =>
        dimensionBlocks(
          summary,
          result.pairwise!.filter((s) => s.dimension === summary.dimension && s.bin !== null),
          pairwiseLabel(summary.dimension, label),
        ),
      ),
    ],
  };
}

/**
 * With pairwise aspects, one table of every model's strength on each (all bins): the overall choice first,
 * then the aspects, models ranked by their overall strength. Nothing when the overall choice was all that was asked.
 */
function aspectStrengthBlocks(overall: PairwiseSummary[], label: Labeller): ReportBlock[] {
  if (overall.length < 2) return [];
  const ranked = rankedModels(overall[0]!);
  const models = [
    ...ranked,
    ...overall.flatMap((s) => s.models).filter((m, i, all) => !ranked.includes(m) && all.indexOf(m) === i),
  ];
  return [
    heading('Strengths per aspect'),
    note(
      'Each column is its own Bradley–Terry fit of the choices on that aspect (log-strengths summing to zero, 95% bootstrap intervals over items); models ranked by their overall strength.',
    ),
    tableBlock({
      label: 'Bradley–Terry log-strengths per aspect',
      head: ['Model', ...overall.map((s) => pairwiseLabel(s.dimension, label))],
      rows: models.map((model) => [
        model,
        ...overall.map((s): Rich => strengthCell(s.bradleyTerry.find((b) => b.model === model))),
      ]),
      numericFrom: 1,
    }),
  ];
}

function dimensionBlocks(summary: PairwiseSummary, perBin: PairwiseSummary[], title: string): ReportBlock[] {
  const ranked = rankedModels(summary);
  return [
    heading(title),
    paragraph(
      `${summary.judgements} judgements of ${summary.models.length} models on ${summary.items} items, ${summary.pairs.filter((p) => p.wins + p.ties + p.losses > 0).length} pairs of models compared.`,
    ),
    ...estimabilityNotes(summary),
    {
      kind: 'strength-forest',
      label: `${title}: Bradley–Terry log-strengths with 95% intervals, strongest first`,
      strengths: summary.bradleyTerry.map(forestRow),
    },
    heading(`${title}: win matrix`),
    note(
      'Each cell: the share of the row model’s judgements against the column model that it won, ties counting half (blue: the row model preferred, red: the column model), and the number of judgements. Hover for wins, ties, losses and the fitted P(beats).',
    ),
    tableBlock({
      label: `${title}: win matrix`,
      head: ['Model', ...ranked],
      rows: ranked.map((model) => [[strong(model)], ...ranked.map((opponent) => winCell(summary, model, opponent))]),
      className: 'heat',
    }),
    tableBlock({
      label: `${title}: wins, ties and losses of each pair`,
      head: ['Model', 'Opponent', 'Wins', 'Ties', 'Losses', 'Win rate (Wilson 95%)', 'P(beats) (95%)'],
      rows: summary.pairs.map((pair) => [
        pair.model,
        pair.opponent,
        String(pair.wins),
        String(pair.ties),
        String(pair.losses),
        withInterval(formatPercent(pair.winRate), formatShareInterval(pair.winRateCi95)),
        pair.beats === null ? 'not estimable' : withInterval(formatNumber(pair.beats), formatInterval(pair.beatsCi95)),
      ]),
      numericFrom: 2,
      groupFirstColumn: true,
    }),
    ...(perBin.length > 0
      ? [
          heading(`${title}: strengths per bin`),
          tableBlock({
            label: `${title}: log-strengths per bin`,
            head: ['Model', 'All bins', ...perBin.map((s) => `Bin ${s.bin}`)],
            rows: ranked.map((model) => [
              model,
              ...[summary, ...perBin].map((s): Rich => strengthCell(s.bradleyTerry.find((b) => b.model === model))),
            ]),
            numericFrom: 1,
          }),
        ]
      : []),
    heading(`${title}: checks`),
    paragraph(checksText(summary)),
    tableBlock({
      label: `${title}: circular triads per rater`,
      head: ['Rater', 'Decided triads', 'Circular', 'Share'],
      rows: summary.circularTriads.map((t) => [t.rater, String(t.triads), String(t.circular), formatPercent(t.share)]),
      numericFrom: 1,
    }),
    // The mark belongs to the judgement, not to one aspect: an aspect's table would repeat the overall one.
    ...(summary.dimension === PAIRWISE_DIMENSION ? [bothUnacceptableTable(summary, title)] : []),
  ];
}

function bothUnacceptableTable(summary: PairwiseSummary, title: string): ReportBlock {
  return tableBlock({
    label: `${title}: both answers unacceptable, per model`,
    head: ['Model', 'Judgements', 'Both unacceptable', 'Share (Wilson 95%)'],
    rows: summary.bothUnacceptable.map((b) => [
      b.model,
      String(b.judgements),
      String(b.marked),
      withInterval(formatPercent(b.share), formatShareInterval(b.shareCi95)),
    ]),
    numericFrom: 1,
  });
}

/** Strongest first, models without a strength after them, by name. */
function rankedModels(summary: PairwiseSummary): string[] {
  return summary.bradleyTerry
    .map((strength) => ({ model: strength.model, value: strength.logStrength ?? -Infinity }))
    .sort((a, b) => b.value - a.value || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0))
    .map(({ model }) => model);
}

function forestRow({ model, logStrength, low, high }: PairwiseSummary['bradleyTerry'][number]): ForestRow {
  return { model, logStrength, low, high };
}

/** What cannot be estimated, and why, in words: never a huge number standing in for infinity. */
function estimabilityNotes(summary: PairwiseSummary): ReportBlock[] {
  const notes: ReportBlock[] = [];
  if (summary.components.length > 1) {
    const groups = summary.components.map((c) => c.models.join(', ')).join('; ');
    notes.push(
      note(
        `The design is disconnected: the models fall into ${summary.components.length} groups never compared with each other (${groups}). Strengths are estimated within each group and are not comparable across groups; no P(beats) is given between groups.`,
      ),
    );
  }
  for (const component of summary.components.filter((c) => !c.estimable)) {
    notes.push(
      note(
        component.models.length === 1
          ? `Not estimable: ${component.models[0]} was compared with no other model.`
          : `Not estimable: among ${component.models.join(', ')}, some models won or tied every comparison with the others, so their maximum-likelihood strengths are infinite; no strengths or P(beats) are given for this group.`,
      ),
    );
  }
  return notes;
}

function pairOf(
  summary: PairwiseSummary,
  model: string,
  opponent: string,
): { pair: PairwiseRecord; flipped: boolean } | null {
  const direct = summary.pairs.find((p) => p.model === model && p.opponent === opponent);
  if (direct) return { pair: direct, flipped: false };
  const reverse = summary.pairs.find((p) => p.model === opponent && p.opponent === model);
  return reverse ? { pair: reverse, flipped: true } : null;
}

function winCell(summary: PairwiseSummary, model: string, opponent: string): ReportCell {
  if (model === opponent) return '—';
  const found = pairOf(summary, model, opponent);
  const judged = found ? found.pair.wins + found.pair.ties + found.pair.losses : 0;
  if (!found || judged === 0)
    return { content: '—', heat: null, title: `${model} and ${opponent} were never compared` };
  const { pair, flipped } = found;
  const [wins, losses] = flipped ? [pair.losses, pair.wins] : [pair.wins, pair.losses];
  const beats = pair.beats === null ? null : flipped ? 1 - pair.beats : pair.beats;
  const share = (wins + pair.ties / 2) / judged;
  return {
    content: [formatPercent(share), styled('small', `n = ${judged}`)],
    heat: 2 * share - 1,
    title: `${model} against ${opponent}: ${wins} won, ${pair.ties} tied, ${losses} lost; P(${model} beats ${opponent}) = ${beats === null ? 'not estimable' : formatNumber(beats)}`,
  };
}

function strengthCell(strength: PairwiseSummary['bradleyTerry'][number] | undefined): Rich {
  if (!strength) return '—';
  if (strength.logStrength === null) return 'not estimable';
  return withInterval(
    formatNumber(strength.logStrength),
    strength.low === null || strength.high === null ? '' : formatInterval([strength.low, strength.high]),
  );
}

function withInterval(value: string, interval: string): Rich {
  return interval === '' ? value : [`${value} `, styled('ci', interval)];
}

function checksText(summary: PairwiseSummary): string {
  const bias = summary.positionBias;
  const agreement = summary.agreement;
  const agreed =
    agreement.units === 0
      ? 'No pair of models was judged on the same item by two raters, so agreement between raters is not measured.'
      : `On the ${agreement.units} judgements of the same pair of models on the same item by two or more raters, Krippendorff's α (nominal) = ${formatNumber(agreement.alphaNominal)} and Gwet's AC1 = ${formatNumber(agreement.ac1)}.`;
  return `Position bias: the answer shown at A was preferred in ${bias.chosenA} of ${bias.decisive} decisive judgements (${formatPercent(bias.share)}); two-sided exact binomial test against ½: p = ${formatP(bias.pValue)}. ${agreed} Transitivity: the share of circular triads per rater is below.`;
}

/** The Methods paragraph on pairwise judgements: the model, the tie rule, the intervals and the design. */
export function pairwiseMethods(result: AnalysisResult): ReportBlock[] {
  const overall =
    result.pairwise?.find((summary) => summary.dimension === PAIRWISE_DIMENSION && summary.bin === null) ??
    result.pairwise?.find((summary) => summary.bin === null);
  if (!overall) return [];
  const { bootstrap, seed } = result.parameters;
  const pairsCompared = overall.pairs.filter((p) => p.wins + p.ties + p.losses > 0).length;
  const aspects = (result.pairwise ?? [])
    .filter((summary) => summary.bin === null && summary.dimension !== PAIRWISE_DIMENSION)
    .map((summary) => summary.dimension);
  // A reader must know which choices the raters made besides the overall one, and which one ranks the models.
  const analysedAlike =
    aspects.length > 0
      ? `Besides the overall choice, the raters chose the better answer (or a tie) on each of ${aspects.length} rubric ${aspects.length === 1 ? 'aspect' : 'aspects'}: ${aspects.join(', ')}; the overall choice gives the primary ranking, and each aspect and each bin is analysed in the same way.`
      : 'Each bin is analysed in the same way.';
  const intervals =
    bootstrap > 0
      ? `The 95% intervals of the log-strengths and of P(beats) are percentile bootstrap intervals over items: ${bootstrap} resamples of the items drawn with replacement, every judgement of a drawn item kept, the model refitted on each (seeded with ${seed} and the items resampled, as every other interval of the report); a resample on which a group's strengths do not exist gives no value for it, and no interval is given when fewer than half the resamples give one or there are fewer than 3 items.`
      : 'No bootstrap intervals were computed (0 resamples), so the strengths have none.';
  return [
    paragraph([
      strong('Pairwise judgements.'),
      ` Design: ${overall.models.length} models (${overall.models.join(', ')}), ${overall.items} items, ${pairsCompared} pairs of models compared, ${overall.circularTriads.length} raters, ${overall.judgements} overall judgements; the answers were shown blinded as A and B. Strengths are Bradley–Terry maximum-likelihood estimates (P(i beats j) = 1 / (1 + e^(θj − θi))), fitted by Newton's method on the log-likelihood with every judgement of every rater counted once; a tie counts as half a win for each side (as Chatbot Arena does). Log-strengths θ are natural logs centred to sum to zero within each connected group of models. When the design is disconnected, each group is fitted on its own and its strengths are not comparable with another group's; when some models won or tied every comparison with the rest of their group, the maximum-likelihood estimate is infinite (Ford 1957) and the report says "not estimable" instead of a number. ${intervals} Win rates leave ties out and have Wilson 95% intervals. Position bias: among decisive judgements, the share that preferred the answer shown at A, with an exact two-sided binomial test against ½. Agreement between raters uses the judgements of the same pair of models on the same item by two or more raters, over three outcomes (first model, second model, tie) as nominal categories: Krippendorff's α and Gwet's AC1. Transitivity: for each rater, the preference on each pair is the majority of their judgements of it (ties and even splits undecided); of the triads of models whose three pairs are decided, the share that goes round (i over j, j over k, k over i). ${analysedAlike}`,
    ]),
  ];
}
