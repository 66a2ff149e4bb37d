import { Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { heatColours } from '../../../../shared/report/format';
import { sameCell, type Inline, type ReportCell, type ReportTable, type Rich } from '../../../../shared/report/model';

/**
 * The report model's inline runs as React elements (never as HTML: data stays text). `onShade`: inside a
 * heat-map cell, whose text colour is chosen for its shade, so notes and intervals keep it instead of gray.
 */
export function RichText({ text, onShade = false }: { text: Rich; onShade?: boolean }): ReactNode {
  if (typeof text === 'string') return text;
  return text.map((run, i) => <Fragment key={i}>{inline(run, onShade)}</Fragment>);
}

function inline(run: Inline, onShade: boolean): ReactNode {
  if (typeof run === 'string') return run;
  const content = <RichText text={run.content} onShade={onShade} />;
  switch (run.style) {
    case 'strong':
      return <b>{content}</b>;
    case 'em':
      return <i>{content}</i>;
    case 'code':
      return <code>{content}</code>;
    case 'sub':
      return <sub>{content}</sub>;
    case 'small':
      // The cell's own colour: in a heat-map cell that is the text colour chosen for its shade.
      return (
        <Text span display="block" fz="xs" c="inherit">
          {content}
        </Text>
      );
    case 'note':
    case 'ci':
      // The key-text colour (gray.7 light, dark.0 dark), not dimmed: dimmed on a striped row falls short of WCAG AA.
      return (
        <Text span c={onShade ? 'inherit' : 'var(--br-key-text)'} fz="xs">
          {content}
        </Text>
      );
  }
}

function Cell({ cell, numeric, header }: { cell: ReportCell; numeric: boolean; header?: boolean }) {
  if (typeof cell === 'object' && 'heat' in cell) {
    const { background, color } = heatColours(cell.heat);
    return (
      <Table.Td ta="right" title={cell.title} style={{ background, color }}>
        <RichText text={cell.content} onShade />
      </Table.Td>
    );
  }
  const Tag = header ? Table.Th : Table.Td;
  return (
    <Tag ta={numeric ? 'right' : undefined} scope={header ? 'col' : undefined}>
      <RichText text={cell} />
    </Tag>
  );
}

/** One table of the report model, as the HTML report lays it out: numbers right-aligned, groups ruled. */
export function ModelTable({ table }: { table: ReportTable }) {
  const { numericFrom = Infinity, groupFirstColumn = false } = table;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped fz="sm" aria-label={table.label}>
        <Table.Thead>
          <Table.Tr>
            {table.head.map((h, i) => (
              <Cell key={i} cell={h} numeric={i >= numericFrom} header />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, r) => {
            const repeats = groupFirstColumn && r > 0 && sameCell(row[0], table.rows[r - 1]![0]);
            return (
              <Table.Tr key={r}>
                {row.map((c, i) => (
                  <Cell key={i} cell={i === 0 && repeats ? '' : c} numeric={i >= numericFrom} />
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
