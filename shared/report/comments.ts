/**
 * The report's "Rater comments": what raters wrote on a task and the tasks they flagged, per output.
 * The report is the coordinator's, so it names the model the rater never saw. The comments come with the
 * study's facts (ReportStudy.comments), not the analysis JSON, so a study's analysis JSON stays the same
 * as that of its export; study facts without them (an older caller) leave the section out.
 */
import { TASK_KINDS } from '../domain';
import type { TidyRatingRow } from '../analysis/tidy';
import type { QcRole } from '../qc/roles';
import { note, tableBlock, type ReportSection } from './model';
import type { RaterComment, ReportStudy } from './types';

const QC_LABELS: Record<QcRole, string> = {
  repeat: 'repeat',
  reference_control: 'reference control',
  calibration: 'calibration',
};

/**
 * One entry per commented or flagged task, ordered by model, item, rater, then task kind (rating first)
 * and QC role. The tidy rows repeat a task's comment and flag on each of its dimensions; a task is the
 * rater, kind, output and QC role (a hidden repeat is a task of its own).
 */
export function collectRaterComments(rows: ReadonlyArray<TidyRatingRow>): RaterComment[] {
  const byTask = new Map<string, RaterComment>();
  for (const row of rows) {
    const comment = row.comment?.trim() ?? '';
    if (!comment && !row.flagged) continue;
    const key = JSON.stringify([row.rater, row.task, row.itemId, row.model, row.qc]);
    if (byTask.has(key)) continue;
    byTask.set(key, {
      itemId: row.itemId,
      model: row.model,
      rater: row.rater,
      task: row.task,
      qc: row.qc,
      flagged: row.flagged === true,
      comment,
    });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byTask.values()].sort(
    (a, b) =>
      order(a.model, b.model) ||
      order(a.itemId, b.itemId) ||
      order(a.rater, b.rater) ||
      TASK_KINDS.indexOf(a.task) - TASK_KINDS.indexOf(b.task) ||
      order(a.qc ?? '', b.qc ?? ''),
  );
}

export function commentsSection(study: ReportStudy): ReportSection | null {
  const { comments } = study;
  if (comments === undefined) return null;
  const intro = note(
    'What raters wrote on a task and the tasks they flagged, per output. Raters never saw the model; this section names it, so keep the report with the coordinator. A comment is whatever the rater typed.',
  );
  if (comments.length === 0)
    return {
      id: 'comments',
      title: 'Rater comments',
      blocks: [intro, note('No rater commented on or flagged a task.')],
    };
  return {
    id: 'comments',
    title: 'Rater comments',
    blocks: [
      intro,
      tableBlock({
        label: 'Rater comments and flags',
        head: ['Output (model · item)', 'Rater', 'Task', 'Flag', 'Comment'],
        // Model, item, rater and comment are data: plain strings, which every renderer escapes.
        rows: comments.map((c) => [
          `${c.model} · ${c.itemId}`,
          c.rater,
          c.qc ? `${c.task} (${QC_LABELS[c.qc]})` : c.task,
          c.flagged ? 'flagged' : '',
          c.comment,
        ]),
        groupFirstColumn: true,
      }),
    ],
  };
}
