/** `audit verify`: the chain of a master, or a package's chain and contents (loaded by the command when it runs). */
import { verifyAuditChain } from '../../shared/audit-chain';
import { isoNow } from '../../shared/clock';
import { PackageCheckError } from '../../shared/package-contents';
import { readAuditChain, sha256 } from '../../db/audit';
import { readFileKind, type StudyDb } from '../../db/connection';
import { readPackageMeta } from '../../db/package-file';
import { checkPackageContents } from '../services/merge';
import { adjudicationAnswerCheck } from '../services/adjudication-merge';
import { ADJUDICATION_PACKAGE_KIND } from '../services/adjudication-kind';
import { systemClock } from '../services/system-clock';
import { readPackageFacts } from '../services/session';

/** "ok, N entries", or the first problem. A package's answers, flags and lock must also equal its audited ones. */
export function verifyFile(db: StudyDb): { ok: boolean; line: string } {
  if (readFileKind(db) === 'package') {
    const { rubric, raterName } = readPackageFacts(db);
    try {
      const bounds = { now: isoNow(systemClock), issuedAt: readPackageMeta(db, 'issued_at') ?? null };
      // An adjudication package's answers give its disputed dimensions only (adjudication-merge.ts).
      const answerCheck =
        readPackageMeta(db, 'package_kind') === ADJUDICATION_PACKAGE_KIND
          ? adjudicationAnswerCheck(db, rubric)
          : undefined;
      const { entries } = checkPackageContents(db, rubric, raterName, bounds, answerCheck);
      return { ok: true, line: `ok, ${entries.length} entries` };
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
