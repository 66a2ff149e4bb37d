import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The coordinator screens' tables of records (imports, checked packages, issued packages, raters):
 * a caption read as the table's name, one column header per field, and each row headed by its first
 * cell (`scope="row"`), so a screen reader announces which record a cell belongs to.
 */
export function RecordTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  cells,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  /** One cell per column; the first heads the row. */
  cells(row: Row): ReactNode[];
}) {
  return (
    <Table captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th scope="col" key={column}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const [head, ...rest] = cells(row);
          return (
            <Table.Tr key={rowKey(row)}>
              <Table.Th scope="row">{head}</Table.Th>
              {rest.map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
