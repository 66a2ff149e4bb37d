/**
 * Passphrase strength and generation. Study and package files are only as safe as their passphrase:
 * zxcvbn (the @zxcvbn-ts port) estimates how many guesses one would take, and anything below score 3
 * ("safely unguessable: moderate protection from offline attacks") is refused with its reason.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

export const MIN_PASSPHRASE_SCORE = 3;
export const GENERATED_PASSPHRASE_WORDS = 6;

/** EFF's long diceware list (7,776 words): six words carry 6 × log2(7776) ≈ 77.5 bits. */
const DICEWARE_WORDS: readonly string[] = commonDictionary['diceware-common'];

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: loading the dictionaries takes a few tens of milliseconds. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

export type StrengthVerdict = { strong: true } | { strong: false; message: string };

/**
 * Judges a passphrase being set. `what` names it in the message ("The study passphrase");
 * `userInputs` are words an attacker would try first (study name, rater name).
 */
export function judgePassphrase(passphrase: string, what: string, userInputs: string[] = []): StrengthVerdict {
  const result = zxcvbn().check(passphrase, userInputs);
  if (result.score >= MIN_PASSPHRASE_SCORE) return { strong: true };
  const reason = result.feedback.warning ?? 'It would be guessed too quickly.';
  const suggestion = result.feedback.suggestions[0] ?? 'Use four or more uncommon words.';
  return {
    strong: false,
    message: `${what} is too weak (strength ${result.score} of 4, at least ${MIN_PASSPHRASE_SCORE} needed): ${withStop(reason)} ${withStop(suggestion)}`,
  };
}

/** zxcvbn's score, 0 (guessed at once) to 4, for a strength meter; MIN_PASSPHRASE_SCORE and up is strong. */
export function scorePassphrase(passphrase: string, userInputs: string[] = []): number {
  return zxcvbn().check(passphrase, userInputs).score;
}

function withStop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** `randomInt(n)` must be uniform on [0, n) and unpredictable (crypto.randomInt in the main process). */
export function generatePassphrase(
  randomInt: (maxExclusive: number) => number,
  words = GENERATED_PASSPHRASE_WORDS,
): string {
  return Array.from({ length: words }, () => DICEWARE_WORDS[randomInt(DICEWARE_WORDS.length)]!).join(' ');
}
