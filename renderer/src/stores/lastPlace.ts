import type { TaskKind } from '../../../shared/domain';

/**
 * Where a rater last worked (study, rater, task kind), so that reopening the app or reloading the page
 * lands straight on their next unfinished task. Holds no study content.
 */
export interface LastPlace {
  studyPath: string;
  raterId: number;
  kind: TaskKind;
}

const KEY = 'blindrate.lastPlace';

export function rememberLastPlace(place: LastPlace): void {
  localStorage.setItem(KEY, JSON.stringify(place));
}

export function recallLastPlace(studyPath: string): LastPlace | null {
  try {
    const place = JSON.parse(localStorage.getItem(KEY) ?? 'null') as LastPlace | null;
    return place && place.studyPath === studyPath ? place : null;
  } catch {
    return null;
  }
}
