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
