/**
 * What nominal dimensions and the rater's confidence get in the report: counts per category instead of
 * means (a nominal dimension's categories have no order, so a mean would mean nothing), and the raters'
 * confidence per rater (it describes the rater, so it is in no model result).
 */
import type { AnalysisResult, CategoryCounts } from '../analysis/types';
import { formatNumber, formatPercent } from './format';
import { heading, paragraph, styled, tableBlock, type Labeller, type Rich, type ReportSection } from './model';
import type { ReportStudy } from './types';

/** A category's label on the rubric's scale ("Omission"), or its value when the study's rubric is not known. */
function categoryLabeller(study: ReportStudy): (dimension: string, value: number) => string {
  return (dimension, value) =>
    study.rubric?.dimensions.find((d) => d.key === dimension)?.scale.find((p) => p.value === value)?.label ??
    String(value);
}

/** "12 (40%)": a category's count and its share of the cell's ratings. */
function countCells(cell: CategoryCounts): Rich[] {
  return cell.counts.map((count): Rich => [`${count} `, styled('note', `(${formatPercent(count / cell.n)})`)]);
}

export function categoriesSection(result: AnalysisResult, study: ReportStudy, label: Labeller): ReportSection | null {
  const nominal = result.dimensions.filter((d) => result.bin_distributions.some((c) => c.dimension === d.key));
  if (nominal.length === 0) return null;
  const category = categoryLabeller(study);
  return {
    id: 'categories',
    title: 'Categories by bin',
    blocks: [
      paragraph(
        'Nominal dimensions have unordered categories, so they get no mean: each row counts the ratings of the model’s outputs in one bin per category (share of the row’s ratings in brackets), every rater counted.',
      ),
      ...nominal.flatMap((d) => {
        const cells = result.bin_distributions.filter((c) => c.dimension === d.key);
        return [
          heading(label(d.key)),
          tableBlock({
            label: `${label(d.key)}: ratings per category and bin`,
            head: ['Model', 'Bin', ...(d.categories ?? []).map((value) => category(d.key, value)), 'n'],
            rows: cells.map((cell) => [cell.model, String(cell.bin), ...countCells(cell), String(cell.n)]),
            numericFrom: 1,
            groupFirstColumn: true,
          }),
        ];
      }),
    ],
  };
}

export function confidenceSection(result: AnalysisResult, study: ReportStudy, label: Labeller): ReportSection | null {
  if (result.confidence.length === 0) return null;
  const category = categoryLabeller(study);
  const dimensions = [...new Set(result.confidence.map((c) => c.dimension))];
  return {
    id: 'confidence',
    title: 'Rater confidence',
    blocks: [
      paragraph(
        'How sure each rater said they were of their own ratings, task by task. Confidence describes the rater, not the answer: it is left out of every model result, agreement statistic and correlation above.',
      ),
      ...dimensions.map((dimension) => {
        const rows = result.confidence.filter((c) => c.dimension === dimension);
        return tableBlock({
          label: `${label(dimension)} per rater`,
          head: ['Rater', 'Tasks', 'Mean', ...rows[0]!.categories.map((value) => category(dimension, value))],
          rows: rows.map((c) => [c.rater, String(c.n), formatNumber(c.mean), ...countCells(c)]),
          numericFrom: 1,
        });
      }),
    ],
  };
}
