/** A user-facing failure: the CLI prints `message` alone and exits with `exitCode`; the API returns it as the error line. */
export class StudyError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'StudyError';
  }
}

/** The file is open elsewhere (a rater package in BlindRate, say), which holds its lock until it closes. */
export class FileInUseError extends StudyError {
  constructor(path: string) {
    super(`${path} is open in BlindRate or another program, which keeps it locked: close it there first.`);
    this.name = 'FileInUseError';
  }
}

/**
 * The file was left in the middle of a save: its hot -journal lies beside it, and only a connection that may
 * write can finish the rollback SQLite needs before anything is read.
 */
export class InterruptedSaveError extends StudyError {
  constructor(path: string) {
    super(
      `${path} was left in the middle of a save (its -journal is beside it): open it in BlindRate and close it, then try again.`,
    );
    this.name = 'InterruptedSaveError';
  }
}

/** Exit code of a wrong passphrase, so scripts can tell it from other failures. */
export const WRONG_PASSPHRASE_EXIT_CODE = 2;

/**
 * What the coordinator can do with a refused package other than ask for it again; each front end says how in
 * its own words (the CLI names its flag, the app shows a field): `adopt`, a package packed after the backup the
 * master was restored from, taken with its passphrase; `accept-diverged`, a package whose audit history departs
 * from the version merged before, merged keeping what was merged.
 */
export const PACKAGE_REMEDIES = ['adopt', 'accept-diverged'] as const;
export type PackageRemedy = (typeof PACKAGE_REMEDIES)[number];

/** A returned package refused by a merge: one line per problem, each naming the file, and the remedy if any. */
export class PackageRefusal extends StudyError {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
    readonly remedy: PackageRemedy | null = null,
  ) {
    super(problems.map((problem) => `${file}: ${problem}.`).join('\n'));
    this.name = 'PackageRefusal';
  }
}
