import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A report table: caption on top, then a header row whose first `textColumns` columns hold text (left-aligned)
 * and whose others hold numbers (right-aligned, as journals print them). `children` are the body rows.
 */
export function ReportTable({
  caption,
  head,
  textColumns = 1,
  children,
}: {
  caption: string;
  head: ReadonlyArray<string>;
  textColumns?: number;
  children: ReactNode;
}) {
  return (
    <Table striped captionSide="top" fz="sm">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((column, i) => (
            <Table.Th key={column} scope="col" ta={i < textColumns ? undefined : 'right'}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** A number cell with its 95% interval after it, dimmed: `0.712 [0.60, 0.81]`. */
export function EstimateCell({ value, interval }: { value: string; interval: string }) {
  return (
    <Table.Td ta="right">
      {value}{' '}
      <Text span c="dimmed" fz="xs">
        {interval}
      </Text>
    </Table.Td>
  );
}
