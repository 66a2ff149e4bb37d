/** `blindrate merge STUDY.db FILE.blindrate… [--receipt [FILE=]CODE …]`: bring returned rater packages into the master, verified first. */
import { basename } from 'node:path';
import { PackageRefusal, StudyError } from '../../../shared/errors';
import { assertNever } from '../../../shared/kinds/assert-never';
import { describeAdjudicationMerge, describeMerge } from '../../../shared/merge-summary';
import { PACKAGE_PASSPHRASE_ENV, readPassphrase } from '../passphrase';
import { systemClock } from '../../services/system-clock';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

/** A refused package's remedy in the CLI's words: the flag that takes it. */
function withRemedyFlag(error: unknown): unknown {
  if (!(error instanceof PackageRefusal) || error.remedy === null) return error;
  switch (error.remedy) {
    case 'adopt':
      return new StudyError(
        `${error.message.slice(0, -1)}: blindrate merge STUDY --adopt ${error.file}.`,
        error.exitCode,
      );
    case 'accept-diverged':
      return new StudyError(`${error.message} To do so, merge again with --accept-diverged.`, error.exitCode);
    default:
      return assertNever(error.remedy, 'package remedy');
  }
}

/** `--receipt CODE` with one package, `--receipt FILE=CODE` for each of several: receipts by the path given. */
export function receiptsByPath(packages: readonly string[], given: readonly string[]): Map<string, string> {
  const receipts = new Map<string, string>();
  for (const spec of given) {
    const split = spec.lastIndexOf('=');
    let path: string;
    if (split < 0) {
      if (packages.length !== 1)
        throw new StudyError(`--receipt ${spec}: with several packages, name the file: --receipt FILE=CODE.`);
      path = packages[0]!;
    } else {
      const file = spec.slice(0, split);
      const named = packages.filter((p) => p === file || basename(p) === basename(file));
      if (named.length !== 1)
        throw new StudyError(
          `--receipt ${spec}: ${file} is ${named.length === 0 ? 'not one of the packages given' : 'the name of several packages given: write its path as given'}.`,
        );
      path = named[0]!;
    }
    if (receipts.has(path)) throw new StudyError(`--receipt: ${basename(path)} is given two receipts.`);
    receipts.set(path, split < 0 ? spec : spec.slice(split + 1));
  }
  return receipts;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const registerMerge: RegisterCommand = (program) => {
  program
    .command('merge')
    .description(
      'Merge returned rater packages into the master. Every package is checked before anything is written (issued by this master for this rater, task list digest, values on the rubric, durations, audit chain, stored answers, comments, durations and save times equal to the audited ones, actor, history starting at the anchor written at pack, times plausible, the lock receipt if given); failures refuse the whole merge with a line each naming the file and the task. A package copied while BlindRate had it open (or left by a crash) is refused: open and close it there first. Merging the same package again changes nothing; an older copy than the one merged is refused as such. While another merge writes to the study it waits (up to 60 s) and says so.',
    )
    .argument('<study>', 'master study file (.db), changed in one transaction')
    .argument('[packages...]', 'returned rater packages (.blindrate), only read; or one adjudication package')
    .option(
      '--accept-diverged',
      'take a package whose audit history departs from the version merged before (the rater went on from an older copy): it changes only what it changed after the shared part, where it edited later; answers merged before are kept',
    )
    .option(
      '--receipt <[file=]code>',
      'the lock receipt the rater read to you from their Finish screen (repeatable; name the file when merging several): the package is refused if its history up to the lock differs, and the master keeps the receipt for later merges',
      collect,
    )
    .option(
      '--adopt <file>',
      `a package this master does not know because it was packed after the backup the master was restored from: merged with its passphrase (${PACKAGE_PASSPHRASE_ENV} or the prompt) once it proves to be of this study, with tasks of this master's plan for its rater`,
    )
    .action(
      async (
        study: string,
        packages: string[],
        opts: { acceptDiverged?: boolean; receipt?: string[]; adopt?: string },
      ) => {
        if (!opts.adopt && packages.length === 0) throw new StudyError('Name the packages to merge.');
        const adopt = opts.adopt
          ? [
              {
                file: opts.adopt,
                passphrase: await readPassphrase(`Passphrase of ${opts.adopt}: `, PACKAGE_PASSPHRASE_ENV),
              },
            ]
          : [];
        const paths = opts.adopt && !packages.includes(opts.adopt) ? [...packages, opts.adopt] : packages;
        const receipts = receiptsByPath(paths, opts.receipt ?? []);
        const { mergePackages } = await import('../../services/merge');
        const { adjudicationRoundOf, mergeAdjudicationPackage, MERGED_ALONE } =
          await import('../../services/adjudication-merge');
        const summaries = await withStudy(study, (db) => {
          const adjudication = paths.filter((path) => adjudicationRoundOf(db, path) !== null);
          if (adjudication.length > 0) {
            // One write transaction each: merged alone, so a refusal never leaves half a merge behind.
            if (paths.length > 1) throw new StudyError(`${basename(adjudication[0]!)} ${MERGED_ALONE}`);
            return [describeAdjudicationMerge(mergeAdjudicationPackage(db, adjudication[0]!, systemClock))];
          }
          try {
            return mergePackages(db, paths, systemClock, {
              acceptDivergedHistory: new Set(opts.acceptDiverged ? paths : []),
              onWait: (notice) => process.stderr.write(`blindrate: ${notice}\n`),
              receipts,
              adopt,
            }).map(describeMerge);
          } catch (error) {
            throw withRemedyFlag(error);
          }
        });
        process.stdout.write(summaries.map((line) => `${line}\n`).join(''));
      },
    );
};
