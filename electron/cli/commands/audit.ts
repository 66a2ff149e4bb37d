/** `blindrate audit verify FILE`: walk the hash chain of a master or a rater package. */
import { verifyAuditChain } from '../../../shared/audit-chain';
import { isoNow } from '../../../shared/clock';
import { PackageCheckError } from '../../../shared/package-contents';
import { readAuditChain, sha256 } from '../../../db/audit';
import { openStudyDatabase, readFileKind, type StudyDb } from '../../../db/connection';
import { readPackageMeta } from '../../../db/package-file';
import { checkPackageContents } from '../../services/merge';
import { systemClock } from '../../services/system-clock';
import { readPackageFacts } from '../../services/session';
import { PACKAGE_PASSPHRASE_ENV, passphraseEnvFor, readPassphrase } from '../passphrase';
import type { RegisterCommand } from './index';

/** "ok, N entries", or the first problem. A package's answers, flags and lock must also equal its audited ones. */
function verifyFile(db: StudyDb): { ok: boolean; line: string } {
  if (readFileKind(db) === 'package') {
    const { rubric, raterName } = readPackageFacts(db);
    try {
      const bounds = { now: isoNow(systemClock), issuedAt: readPackageMeta(db, 'issued_at') ?? null };
      return { ok: true, line: `ok, ${checkPackageContents(db, rubric, raterName, bounds).entries.length} entries` };
    } catch (error) {
      if (error instanceof PackageCheckError)
        return { ok: false, line: error.problems.map((problem) => `broken: ${problem}`).join('\n') };
      throw error;
    }
  }
  const verdict = verifyAuditChain(readAuditChain(db), sha256);
  return verdict.ok
    ? { ok: true, line: `ok, ${verdict.entries} entries` }
    : { ok: false, line: `broken at entry ${verdict.position}: ${verdict.reason}` };
}

export const registerAudit: RegisterCommand = (program) => {
  const audit = program.command('audit').description('Audit log commands.');
  audit
    .command('verify')
    .description(
      `Walk the audit hash chain of a master study or a rater package (for a package also: stored answers, flags and lock equal the audited ones): prints "ok, N entries", or the first broken entry's position and exits 1. Passphrase: BLINDRATE_PASSPHRASE (or ${PACKAGE_PASSPHRASE_ENV} for a .blindrate file) or a prompt.`,
    )
    .argument('<file>', 'master study (.db) or rater package (.blindrate)')
    .action(async (file: string) => {
      const db = openStudyDatabase(file, await readPassphrase('Passphrase: ', passphraseEnvFor(file)), {
        readonly: true,
        kind: 'detect',
      });
      try {
        const { ok, line } = verifyFile(db);
        process.stdout.write(`${line}\n`);
        if (!ok) process.exitCode = 1;
      } finally {
        db.close();
      }
    });
};
