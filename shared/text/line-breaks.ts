/** How many line feeds are in text[0, end): a 1-based line number is this plus one. */
export function countLineBreaks(text: string, end = text.length): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}
