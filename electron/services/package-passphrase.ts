/**
 * A package passphrase opens that package alone: not the master, and no package given to someone else.
 * Rater packages (pack.ts) and adjudication packages (adjudication.ts) keep this one rule; the refusals'
 * words are shared/package-passphrase-refusals.ts.
 */
import { StudyError } from '../../shared/errors';
import { masterPassphraseRefusal, sharedPassphraseRefusal } from '../../shared/package-passphrase-refusals';
import type { StudyDb } from '../../db/connection';
import { findPackagePassphraseHolders, type PassphraseHolder } from '../../db/packages';

/** The same rater, or the same adjudicator: a package re-issued to its own holder may keep its passphrase. */
function sameHolder(a: PassphraseHolder, b: PassphraseHolder): boolean {
  if (a.role === 'rater' && b.role === 'rater') return a.raterId === b.raterId;
  return a.role === b.role && a.name === b.name;
}

/**
 * Refuses `passphrase` for a package `holder` is to be given when it is the master's own
 * (`masterPassphrase`; null when the caller has none to compare) or was given to another holder's package.
 */
export function refuseSharedPackagePassphrase(
  master: StudyDb,
  holder: PassphraseHolder,
  passphrase: string,
  masterPassphrase: string | null,
): void {
  if (passphrase === masterPassphrase) throw new StudyError(masterPassphraseRefusal(holder));
  const other = findPackagePassphraseHolders(master, passphrase).find((h) => !sameHolder(h, holder));
  if (other) throw new StudyError(sharedPassphraseRefusal(holder, other));
}
