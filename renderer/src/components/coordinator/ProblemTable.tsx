import { Alert, Table, Text } from '@mantine/core';
import type { ImportProblems } from '../../../../shared/coordinator-api';

/** Every problem found (the first 100 and how many in all): file, record as a spreadsheet shows it, field, what is wrong. */
export function ProblemTable({ problems, title }: { problems: ImportProblems; title: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm" mb="xs">
        {problems.count === 1 ? '1 problem' : `${problems.count.toLocaleString()} problems`}
        {problems.count > problems.first.length ? `; the first ${problems.first.length} are listed` : ''}. Nothing was
        written.
      </Text>
      <Table captionSide="top" aria-label="Problems">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Where</Table.Th>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">What is wrong</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.first.map((p, i) => (
            <Table.Tr key={i}>
              <Table.Td>{p.file}</Table.Td>
              <Table.Td>{p.record ?? 'whole file'}</Table.Td>
              <Table.Td>{p.field ?? '–'}</Table.Td>
              <Table.Td>{p.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
