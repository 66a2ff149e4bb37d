import { porterStem } from './porterStemmer';

/**
 * rouge-score's tokenizer (rouge/tokenize.py): lower-case, every run of characters outside [a-z0-9]
 * becomes a space, split on whitespace, and with stemming on, Porter-stem tokens longer than 3 characters.
 * Non-ASCII letters are separators (so "naïve" gives "na" and "ve"), exactly as in rouge-score.
 */
export function rougeTokens(text: string, stem: boolean): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((token) => token.length > 0);
  return stem ? tokens.map((token) => (token.length > 3 ? porterStem(token) : token)) : tokens;
}
