/** The report's tables: header cells, optional right-aligned numbers and grouped first column. */
export interface TableOptions {
  /** Columns from this index on are right-aligned numbers. */
  numericFrom?: number;
  /** Show the first column only where it changes, with a rule above each new group. */
  groupFirstColumn?: boolean;
  className?: string;
}

export function table(head: string[], rows: string[][], options: TableOptions = {}): string {
  const { numericFrom = Infinity, groupFirstColumn = false, className } = options;
  const cell = (tag: 'th' | 'td', text: string, i: number) =>
    `<${tag}${i >= numericFrom ? ' class="num"' : ''}>${text}</${tag}>`;
  const body = rows.map((row, r) => {
    const startsGroup = groupFirstColumn && r > 0 && row[0] !== rows[r - 1]![0];
    const cells = groupFirstColumn && r > 0 && !startsGroup ? ['', ...row.slice(1)] : row;
    return `<tr${startsGroup ? ' class="group"' : ''}>${cells.map((c, i) => cell('td', c, i)).join('')}</tr>`;
  });
  return (
    `<table${className ? ` class="${className}"` : ''}><thead><tr>${head.map((h, i) => cell('th', h, i)).join('')}</tr></thead>` +
    `<tbody>${body.join('')}</tbody></table>`
  );
}
