/**
 * JSON.parse and stream-json keep the last of two equal keys in an object, silently dropping the
 * first ("model": "a", …, "model": "b"). This scanner, fed the text in chunks of any size, finds
 * the first key that appears twice in one object and the line it is on. It only tracks strings,
 * braces and brackets; syntax errors are left to the real parser.
 */
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
  let line = 1;
  let inString = false;
  let escaped = false;
  let literal = '';
  /** A string just closed inside an object: a key if the next non-blank character is ':'. */
  let candidate: string | null = null;
  let found: DuplicateKey | null = null;

  const closeString = () => {
    inString = false;
    candidate = open.at(-1) ? literal : null;
  };

  return {
    push(text) {
      for (let i = 0; i < text.length && found === null; i++) {
        const c = text[i]!;
        if (c === '\n') line += 1;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') {
            closeString();
            continue;
          }
          literal += c;
          continue;
        }
        if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
        if (c === ':' && candidate !== null) {
          const keys = open.at(-1)!;
          const key = decodeJsonString(candidate);
          if (keys.has(key)) found = { key, line };
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
      return found;
    },
  };
}

function decodeJsonString(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
