import { Table } from '@mantine/core';
import type { RaterProgress } from '../../../../shared/api';
import type { TaskKind } from '../../../../shared/domain';

function doneOf(r: RaterProgress, kind: TaskKind): string {
  const p = r.progress.find((x) => x.kind === kind);
  return p && p.total > 0 ? `${p.done}/${p.total}` : '–';
}

/** Each rater's standing in the master: packages issued, last return, locked, answers merged per kind. */
export function RaterProgressTable({ raters }: { raters: RaterProgress[] }) {
  return (
    <Table captionSide="top">
      <Table.Caption>Answers merged into this study</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Rater</Table.Th>
          <Table.Th scope="col">Packages issued</Table.Th>
          <Table.Th scope="col">Last returned</Table.Th>
          <Table.Th scope="col">Locked</Table.Th>
          <Table.Th scope="col">Ratings</Table.Th>
          <Table.Th scope="col">Preferences</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {raters.map((r) => (
          <Table.Tr key={r.rater.id}>
            <Table.Th scope="row">{r.rater.name}</Table.Th>
            <Table.Td>{r.packagesIssued}</Table.Td>
            <Table.Td>{r.lastReturnedAt ? new Date(r.lastReturnedAt).toLocaleString() : 'not yet'}</Table.Td>
            <Table.Td>{r.rater.lockedAt ? 'yes' : 'no'}</Table.Td>
            <Table.Td>{doneOf(r, 'rating')}</Table.Td>
            <Table.Td>{doneOf(r, 'preference')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
