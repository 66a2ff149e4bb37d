/**
 * Names people and files give to raters and models end up in audit rows, terminals and reports.
 * A name must not be able to pass for someone else or to rewrite what a terminal shows: control
 * characters (newlines, ESC of terminal escape sequences), bidirectional overrides and isolates
 * (which reorder text on screen, "Trojan Source"), and the actor names BlindRate itself writes to
 * the audit log are refused. Anything printed that did not come from BlindRate goes through
 * displaySafeName, which shows such characters as visible \u{…} escapes instead.
 */

/** Actor names BlindRate writes to the audit log for its own actions; no rater or model may use them. */
export const RESERVED_NAMES = ['coordinator', 'cli'] as const;

// C0 and C1 controls, DEL, line/paragraph separators, and the bidi formatting characters.
const UNSAFE_CHARACTER = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, 'gu');

const codePoint = (character: string) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`;

/** The text with every control or bidi character shown as a visible \u{…} escape. */
export function displaySafeName(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, codePoint);
}

/** Why `name` cannot name a rater or a model ("contains …", "is reserved …"), or null when it can. */
export function unsafeNameReason(name: string): string | null {
  const unsafe = UNSAFE_CHARACTER.exec(name);
  if (unsafe)
    return `contains the control or text-direction character ${codePoint(unsafe[0])}; use letters, digits, spaces and punctuation only`;
  const reserved = RESERVED_NAMES.find((r) => r === name.trim().toLowerCase());
  if (reserved) return `is reserved: BlindRate records its own actions as "${reserved}"; choose another name`;
  return null;
}

/** The one-line message refusing `name` as a rater or model name, or null when it is acceptable. */
export function nameProblem(name: string, kind: 'rater' | 'model'): string | null {
  const reason = unsafeNameReason(name);
  return reason === null ? null : `The ${kind} name "${displaySafeName(name.trim())}" ${reason}.`;
}
