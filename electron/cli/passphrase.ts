/**
 * Passphrases come from BLINDRATE_PASSPHRASE or an interactive prompt, never from argv (which other
 * users can read in the process list and which shells keep in history).
 */
import { StudyError } from '../../shared/errors';

export const PASSPHRASE_ENV = 'BLINDRATE_PASSPHRASE';
/** A rater package's passphrase: `pack` uses it instead of generating one; `audit verify` opens a package with it. */
export const PACKAGE_PASSPHRASE_ENV = 'BLINDRATE_PACKAGE_PASSPHRASE';

/** The environment variable holding the passphrase of `file`: a rater package's when it is one and that is set. */
export function passphraseEnvFor(file: string): string {
  return file.toLowerCase().endsWith('.blindrate') && process.env[PACKAGE_PASSPHRASE_ENV]
    ? PACKAGE_PASSPHRASE_ENV
    : PASSPHRASE_ENV;
}

export async function readPassphrase(prompt = 'Study passphrase: ', envName = PASSPHRASE_ENV): Promise<string> {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new StudyError(`No passphrase: set ${envName} or run in a terminal to be asked for it.`);
  }
  return promptHidden(prompt);
}

function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let typed = '';
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (result: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003') return finish(() => reject(new StudyError('Cancelled.', 130)));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * Refuses a passphrase below zxcvbn strength 3 with its reason and a suggestion, in one line. zxcvbn and its
 * dictionaries load here, when a passphrase is judged, not with every command.
 */
export async function requireStrongPassphrase(
  passphrase: string,
  what: string,
  userInputs: string[] = [],
): Promise<string> {
  const { judgePassphrase } = await import('../../shared/passphrase');
  const verdict = judgePassphrase(passphrase, what, userInputs);
  if (!verdict.strong) throw new StudyError(verdict.message);
  return passphrase;
}

/**
 * A passphrase being set (init, rekey): from `envName`, or typed twice at the prompt so a typo cannot
 * lock the study; refused when weak.
 */
export async function readNewPassphrase(
  prompt: string,
  envName: string,
  what = 'The study passphrase',
): Promise<string> {
  const fromEnv = process.env[envName];
  if (fromEnv) return requireStrongPassphrase(fromEnv, what);
  const first = await requireStrongPassphrase(await readPassphrase(prompt, envName), what);
  const second = await promptHidden('Type it again: ');
  if (first !== second) throw new StudyError('The two passphrases differ; nothing was changed.');
  return first;
}
