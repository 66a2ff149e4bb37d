import { create } from 'zustand';
import type { RaterProfile, SessionOverview, StudyRef, StudySummary } from '../../../shared/api';
import { api } from '../api/current';

interface SessionState {
  studies: StudyRef[];
  canRemember: boolean;
  study: StudySummary | null;
  rater: RaterProfile | null;
  overview: SessionOverview | null;
  loadStudies(): Promise<void>;
  /** The Open dialog; the chosen file (or null) after the study list is reloaded. */
  openStudyFile(): Promise<StudyRef | null>;
  unlock(request: { path: string; passphrase: string; remember: boolean }): Promise<StudySummary>;
  startSession(raterId: number): Promise<SessionOverview>;
  refreshOverview(): Promise<SessionOverview>;
  /** An overview the main process sent with another answer (a save). */
  showOverview(overview: SessionOverview): void;
  lock(): Promise<void>;
  close(): Promise<void>;
}

export const useSession = create<SessionState>((set, get) => ({
  studies: [],
  canRemember: false,
  study: null,
  rater: null,
  overview: null,

  async loadStudies() {
    const [studies, canRemember] = await Promise.all([api().listStudies(), api().canRememberPassphrase()]);
    set({ studies, canRemember });
  },

  async openStudyFile() {
    const chosen = await api().openStudyFile();
    if (chosen) await get().loadStudies();
    return chosen;
  },

  async unlock(request) {
    const study = await api().unlockStudy(request);
    set({ study, rater: null, overview: null });
    return study;
  },

  async startSession(raterId) {
    const overview = await api().startSession(raterId);
    set({ overview, rater: overview.rater });
    return overview;
  },

  async refreshOverview() {
    const overview = await api().getOverview();
    get().showOverview(overview);
    return overview;
  },

  showOverview(overview) {
    set({ overview, rater: overview.rater });
  },

  async lock() {
    const rater = await api().lockRater();
    set({ rater });
    await get().refreshOverview();
  },

  async close() {
    await api().closeStudy();
    set({ study: null, rater: null, overview: null });
  },
}));

/** Reports are for the coordinator's master; a rater package has none (it holds nothing to report on). */
export function canSeeReports(study: StudySummary | null): boolean {
  return study?.role === 'coordinator';
}
