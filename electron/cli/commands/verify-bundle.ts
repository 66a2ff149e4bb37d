/** `blindrate verify-bundle DIR`: every hash, the protocol's own, and the analysis re-run from the bundle's CSV. */
import type { RegisterCommand } from './index';

export const registerVerifyBundle: RegisterCommand = (program) => {
  program
    .command('verify-bundle')
    .description(
      "Check a bundle: every file's SHA-256 against the manifest, the protocol against its sealed hash, and the analysis re-run from the bundle's ratings with the protocol's options, byte for byte. Each file that differs is named in one line (exit code 1).",
    )
    .argument('<dir>', 'bundle folder (as written by `bundle`)')
    .action(async (dir: string) => {
      const { verifyBundle } = await import('../../services/bundle');
      const verdict = verifyBundle(dir);
      if (verdict.problems.length > 0) {
        for (const problem of verdict.problems) process.stderr.write(`${problem}\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(
        `${dir} verifies: ${verdict.files} files match the manifest, the protocol hashes to ${verdict.protocolHash}, and the analysis re-run from ratings.csv is the bundled analysis.json byte for byte.\n`,
      );
    });
};
