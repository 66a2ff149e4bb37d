/** Rater names as typed in a text box: one name a line (commas also separate), blanks dropped. */
export function parseRaterNames(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter(Boolean);
}
