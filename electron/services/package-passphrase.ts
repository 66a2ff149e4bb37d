/**
 * A package passphrase opens that package alone: not the master, and no package given to someone else.
 * Rater packages (pack.ts) and adjudication packages (adjudication.ts) keep this one rule; each refusal
 * names who would hold the package, so the coordinator sees which of their packages is at stake.
 */
import { StudyError } from '../../shared/errors';
import { displaySafeName } from '../../shared/text/names';
import type { StudyDb } from '../../db/connection';
import { findPackagePassphraseHolders, type PassphraseHolder } from '../../db/packages';

function named(holder: PassphraseHolder): string {
  return `${holder.role} ${displaySafeName(holder.name)}`;
}

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
  if (passphrase === masterPassphrase)
    throw new StudyError(
      `The package passphrase is the master study's own: its ${named(holder)} could open the master. Choose another one.`,
    );
  const other = findPackagePassphraseHolders(master, passphrase).find((h) => !sameHolder(h, holder));
  if (other)
    throw new StudyError(
      `The package passphrase was already given to ${named(other)}'s package: each holder needs their own, or ${named(holder)} could open it. Choose another one.`,
    );
}
