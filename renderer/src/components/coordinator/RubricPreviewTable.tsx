import { Table } from '@mantine/core';
import type { Rubric } from '../../../../shared/rubric';

/** A rubric as raters will meet it: each dimension with its scale points and their keys. */
export function RubricPreviewTable({ rubric }: { rubric: Rubric }) {
  return (
    <Table captionSide="top">
      <Table.Caption>
        {rubric.name}
        {rubric.source ? ` (${rubric.source})` : ''}: {rubric.dimensions.length} dimensions
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Dimension</Table.Th>
          <Table.Th scope="col">Kind</Table.Th>
          <Table.Th scope="col">Scale (key: label)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rubric.dimensions.map((d) => (
          <Table.Tr key={d.key}>
            <Table.Th scope="row">{d.label}</Table.Th>
            <Table.Td>{d.kind}</Table.Td>
            <Table.Td>{d.scale.map((p) => `${p.key}: ${p.label}`).join(' · ')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
