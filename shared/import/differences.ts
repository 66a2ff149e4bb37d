/**
 * Where two texts that should be equal differ, in words a coordinator can act on: the character
 * position, the two characters by name (a trailing space, a no-break space, a carriage return of a
 * Windows line ending) and an excerpt of each side around it with invisible characters escaped.
 */

/** Characters people cannot tell apart on screen, by name. */
const CHARACTER_NAMES: Record<string, string> = {
  ' ': 'space',
  '\u00a0': 'no-break space',
  '\u202f': 'narrow no-break space',
  '\u2007': 'figure space',
  '\u2009': 'thin space',
  '\u200b': 'zero-width space',
  '\u200c': 'zero-width non-joiner',
  '\u200d': 'zero-width joiner',
  '\u2060': 'word joiner',
  '\ufeff': 'byte order mark',
  '\t': 'tab',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\u2028': 'line separator',
  '\u2029': 'paragraph separator',
  '\u00ad': 'soft hyphen',
};

/** Shown escaped in excerpts: control characters and every invisible or space-like character except the plain space. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00a0\u00ad\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/gu;

const CONTEXT = 20;

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** "U+00A0 no-break space", "U+0065 "e"", or "the end of the text". */
function nameCharacter(char: string | undefined): string {
  if (char === undefined) return 'the end of the text';
  const name = CHARACTER_NAMES[char];
  return name === undefined ? `${codePoint(char)} ${JSON.stringify(char)}` : `${codePoint(char)} ${name}`;
}

function visible(text: string): string {
  return text.replace(INVISIBLE, (char) =>
    char === '\n'
      ? '\\n'
      : char === '\r'
        ? '\\r'
        : char === '\t'
          ? '\\t'
          : `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}

/** The text around `at`, invisible characters escaped, "…" where it was cut; trailing spaces stay inside the quotes. */
function excerptAround(text: string, at: number): string {
  const start = Math.max(0, at - CONTEXT);
  const end = Math.min(text.length, at + CONTEXT);
  return `"${start > 0 ? '…' : ''}${visible(text.slice(start, end))}${end < text.length ? '…' : ''}"`;
}

/**
 * `field` of `there` (the definition already stored) and `here` (this record) in one clause:
 * `question differs at character 27 (there U+0020 space, here U+00A0 no-break space): "…" there vs "…" here`.
 */
export function describeDifference(field: string, there: string, here: string): string {
  let at = 0;
  while (at < there.length && at < here.length && there[at] === here[at]) at += 1;
  return `${field} differs at character ${at + 1} (there ${nameCharacter(there[at])}, here ${nameCharacter(here[at])}): ${excerptAround(there, at)} there vs ${excerptAround(here, at)} here`;
}
