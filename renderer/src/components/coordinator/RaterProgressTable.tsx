import type { RaterProgress } from '../../../../shared/api';
import type { TaskKind } from '../../../../shared/domain';
import { RecordTable } from './RecordTable';

function doneOf(r: RaterProgress, kind: TaskKind): string {
  const p = r.progress.find((x) => x.kind === kind);
  return p && p.total > 0 ? `${p.done}/${p.total}` : '–';
}

/** Each rater's standing in the master: packages issued, last return, locked, answers merged per kind. */
export function RaterProgressTable({ raters }: { raters: RaterProgress[] }) {
  return (
    <RecordTable
      caption="Answers merged into this study"
      columns={['Rater', 'Packages issued', 'Last returned', 'Locked', 'Ratings', 'Preferences']}
      rows={raters}
      rowKey={(r) => r.rater.id}
      cells={(r) => [
        r.rater.name,
        r.packagesIssued,
        r.lastReturnedAt ? new Date(r.lastReturnedAt).toLocaleString() : 'not yet',
        r.rater.lockedAt ? 'yes' : 'no',
        doneOf(r, 'rating'),
        doneOf(r, 'preference'),
      ]}
    />
  );
}
