/** `blindrate status STUDY.db`: per rater packages issued/returned, lock and answers merged; totals per sample (counts only, no results). */
import type { RaterStatus, SampleStatus } from '../../services/study-status';
import { systemClock } from '../../services/system-clock';
import { displaySafeName } from '../../../shared/text/names';
import { withStudy } from '../study-options';
import type { RegisterCommand } from './index';

function raterLine({ rater, progress, packagesIssued, lastReturnedAt }: RaterStatus, nameWidth: number): string {
  const done = progress.map((p) => `${p.kind} ${p.done}/${p.total}`).join('  ');
  const flagged = progress.reduce((sum, p) => sum + p.flagged, 0);
  const issued = packagesIssued === 0 ? 'not issued' : `issued ${packagesIssued}`;
  const returned = lastReturnedAt ? `returned ${displaySafeName(lastReturnedAt)}` : 'not returned';
  return `  ${displaySafeName(rater.name).padEnd(nameWidth)}  ${issued}  ${returned}  ${rater.lockedAt ? `locked ${displaySafeName(rater.lockedAt)}` : 'not locked'}  ${done}  flagged ${flagged}`;
}

function sampleLine(s: SampleStatus): string {
  const models = s.models.length > 0 ? s.models.map(displaySafeName).join(', ') : 'all';
  return `  #${s.id} ${s.task}: ${s.bins} bins × ${s.perBin} per bin; models ${models}; ${s.tasks} tasks, ${s.answers} answers`;
}

export const registerStatus: RegisterCommand = (program) => {
  program
    .command('status')
    .description(
      "Show each rater's packages (issued, returned), lock and merged answers (done/total per task kind, flags), and each sample's totals.",
    )
    .argument('<study>', 'study file (.db)')
    .action(async (study: string) => {
      const { readStudyStatus } = await import('../../services/study-status');
      const status = await withStudy(study, (db) => readStudyStatus(db, systemClock));
      const nameWidth = Math.max(0, ...status.raters.map((r) => displaySafeName(r.rater.name).length));
      const lines = [
        `Study "${displaySafeName(status.name)}" (id ${status.studyId ?? 'none'})`,
        status.raters.length > 0 ? 'Raters:' : 'Raters: none yet',
        ...status.raters.map((r) => raterLine(r, nameWidth)),
        status.samples.length > 0 ? 'Samples:' : 'Samples: none yet',
        ...status.samples.map(sampleLine),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
};
