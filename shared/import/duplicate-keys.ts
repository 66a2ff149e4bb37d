/**
 * JSON.parse and stream-json keep the last of two equal keys in an object, silently dropping the
 * first ("model": "a", …, "model": "b"). This scanner, fed the text in chunks of any size, finds
 * the first key that appears twice in one object and the line it is on. It only tracks strings,
 * braces and brackets; syntax errors are left to the real parser.
 */
import { countLineBreaks } from '../text/line-breaks';

export interface DuplicateKey {
  key: string;
  /** 1-based line of the second occurrence. */
  line: number;
}

export interface DuplicateKeyScanner {
  /** Feeds the next chunk of text; returns the first duplicate found so far, if any. */
  push(text: string): DuplicateKey | null;
}

export function createDuplicateKeyScanner(): DuplicateKeyScanner {
  /** One entry per open object (its keys so far) or array (null). */
  const open: Array<Set<string> | null> = [];
  /** Lines before the current chunk: a duplicate's line is counted only when one is found. */
  let linesBefore = 1;
  let inString = false;
  let escaped = false;
  let literal = '';
  /** A string just closed inside an object: a key if the next non-blank character is ':'. */
  let candidate: string | null = null;
  let found: DuplicateKey | null = null;

  return {
    push(text) {
      // The next quote and backslash at or after the scan position (text.length: none), found once each.
      let nextQuote = -1;
      let nextBackslash = -1;
      const next = (char: string, at: number, from: number) => (at >= from ? at : indexOrEnd(text, char, from));

      /** Consumes string contents from `from`, a whole run up to a quote or backslash at a time; returns where to go on. */
      const scanString = (from: number): number => {
        let i = from;
        if (escaped) {
          // A backslash ended the previous chunk: this character is the escaped one.
          escaped = false;
          i += 1;
        }
        for (;;) {
          nextQuote = next('"', nextQuote, i);
          nextBackslash = next('\\', nextBackslash, i);
          if (nextQuote < nextBackslash) {
            literal += text.slice(from, nextQuote);
            inString = false;
            candidate = open.at(-1) ? literal : null;
            return nextQuote + 1;
          }
          if (nextBackslash === text.length) break;
          if (nextBackslash + 1 === text.length) {
            escaped = true;
            break;
          }
          i = nextBackslash + 2;
        }
        literal += text.slice(from);
        return text.length;
      };

      let i = 0;
      while (i < text.length && found === null) {
        if (inString) {
          i = scanString(i);
          continue;
        }
        const c = text[i]!;
        i += 1;
        if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
        if (c === ':' && candidate !== null) {
          const keys = open.at(-1)!;
          const key = decodeJsonString(candidate);
          if (keys.has(key)) found = { key, line: linesBefore + countLineBreaks(text, i) };
          keys.add(key);
        }
        candidate = null;
        if (c === '"') {
          inString = true;
          literal = '';
        } else if (c === '{') open.push(new Set());
        else if (c === '[') open.push(null);
        else if (c === '}' || c === ']') open.pop();
      }
      linesBefore += countLineBreaks(text);
      return found;
    },
  };
}

function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? text.length : at;
}

function decodeJsonString(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
