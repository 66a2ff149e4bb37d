/**
 * Why a package passphrase is refused: it opens that package alone, not the master and no package given to
 * someone else. Each refusal names who would hold the package (and who holds the other one), so the
 * coordinator sees which of their packages is at stake. The service (electron/services/package-passphrase.ts)
 * decides when; these words are the one place the refusals are written.
 */
import { displaySafeName } from './text/names';

export interface PackageHolder {
  role: 'rater' | 'adjudicator';
  name: string;
}

function named(holder: PackageHolder): string {
  return `${holder.role} ${displaySafeName(holder.name)}`;
}

export function masterPassphraseRefusal(holder: PackageHolder): string {
  return `The package passphrase is the master study's own: its ${named(holder)} could open the master. Choose another one.`;
}

export function sharedPassphraseRefusal(holder: PackageHolder, other: PackageHolder): string {
  return `The package passphrase was already given to ${named(other)}'s package: each holder needs their own, or ${named(holder)} could open it. Choose another one.`;
}
