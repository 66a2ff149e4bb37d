/** Rater profiles in a master: created by `assign`, locked when a merged package says the rater finished. */
import type { RaterProfile } from '../../shared/api';
import { isoNow, type Clock } from '../../shared/clock';
import { nameProblem } from '../../shared/text/names';
import { appendAudit } from '../../db/audit';
import { findRaterRowByName, insertRater, listRaterRows, readRaterRow, type RaterRow } from '../../db/raters';
import { type StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';

const MAX_NAME_LENGTH = 80;

function toProfile(row: RaterRow): RaterProfile {
  return { id: row.id, name: row.name, lockedAt: row.locked_at };
}

export function listRaters(db: StudyDb): RaterProfile[] {
  return listRaterRows(db).map(toProfile);
}

/** The rater of that name (case-insensitive), or null. */
export function findRaterByName(db: StudyDb, name: string): RaterProfile | null {
  const row = findRaterRowByName(db, name.trim());
  return row ? toProfile(row) : null;
}

export function readRater(db: StudyDb, raterId: number): RaterProfile {
  const row = readRaterRow(db, raterId);
  if (!row) throw new StudyError(`No rater with id ${raterId} in this study.`);
  return toProfile(row);
}

/**
 * Names are compared case-insensitively: "Dr Lee" and "dr lee" would be the same person in a report.
 * `actor` is who the audit log names: the coordinator when `assign` creates raters.
 */
export function createRater(db: StudyDb, name: string, clock: Clock, actor?: string): RaterProfile {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new StudyError('The rater name is empty.');
  const problem = nameProblem(trimmed, 'rater');
  if (problem) throw new StudyError(problem);
  if (trimmed.length > MAX_NAME_LENGTH) {
    throw new StudyError(`The rater name has ${trimmed.length} characters; at most ${MAX_NAME_LENGTH} are allowed.`);
  }
  return db.transaction(() => {
    const clash = findRaterRowByName(db, trimmed);
    if (clash) throw new StudyError(`A rater named "${clash.name}" already exists in this study.`);
    const at = isoNow(clock);
    const id = insertRater(db, { name: trimmed, created_at: at, locked_at: null });
    appendAudit(db, {
      at,
      actor: actor ?? trimmed,
      action: 'rater.create',
      entity: 'rater',
      entityId: String(id),
      newValue: { name: trimmed },
    });
    return { id, name: trimmed, lockedAt: null };
  })();
}
