/**
 * The coordinator's progress view of a study: per rater, how much is done, flagged and locked; per sample,
 * its parameters and how many answers it has. Counts only: nothing here says how a model fared.
 */
import type { RaterProgress } from '../../shared/api';
import type { Clock } from '../../shared/clock';
import type { TaskKind } from '../../shared/domain';
import { countAnswersBySample } from '../../db/answers';
import type { StudyDb } from '../../db/connection';
import { readMeta } from '../../db/meta';
import { listIssuedPackages } from '../../db/packages';
import { readReportStudy } from './analysis';
import { readOverview } from './assignments';
import { listRaters } from './raters';
import { readStudyName } from './study';

export type RaterStatus = RaterProgress;

export interface SampleStatus {
  id: number;
  task: TaskKind;
  bins: number;
  perBin: number;
  /** Empty when the sample was drawn for every model. */
  models: string[];
  tasks: number;
  /** Responses saved for this sample's tasks, over all raters. */
  answers: number;
}

export interface StudyStatus {
  name: string;
  /** Missing in studies created before BlindRate recorded one. */
  studyId: string | null;
  raters: RaterStatus[];
  samples: SampleStatus[];
}

export function readStudyStatus(db: StudyDb, clock: Clock): StudyStatus {
  const answers = countAnswersBySample(db);
  return {
    name: readStudyName(db),
    studyId: readMeta(db, 'study_id') ?? null,
    raters: readRaterProgress(db),
    samples: readReportStudy(db, clock).samples.map((s) => ({
      id: s.id,
      task: s.task,
      bins: s.bins,
      perBin: s.perBin,
      models: s.models,
      tasks: s.tasks,
      answers: answers.get(s.id) ?? 0,
    })),
  };
}

/** Per rater: answers merged so far against their planned tasks, packages issued and last returned. */
export function readRaterProgress(db: StudyDb): RaterProgress[] {
  const packages = listIssuedPackages(db);
  return listRaters(db).map((rater) => {
    const own = packages.filter((p) => p.raterId === rater.id);
    const returned = own
      .map((p) => p.returnedAt)
      .filter((at): at is string => at !== null)
      .sort();
    return {
      rater,
      progress: readOverview(db, rater).progress,
      packagesIssued: own.length,
      lastReturnedAt: returned.at(-1) ?? null,
    };
  });
}
