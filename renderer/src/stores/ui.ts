import { create } from 'zustand';
import type { TaskKind } from '../../../shared/domain';
import type { Shortcut } from '../components/ShortcutLegend';

export type Screen =
  | { name: 'unlock' }
  | { name: 'progress' }
  | { name: 'home' }
  | { name: 'task'; kind: TaskKind }
  | { name: 'finish' }
  | { name: 'reports' }
  | { name: 'new-study' }
  | { name: CoordinatorStep };

/** The coordinator's steps in a master, in the order a study runs through them (the top bar lists them so). */
export const COORDINATOR_STEPS = [
  'import',
  'sample',
  'raters',
  'packages',
  'returns',
  'adjudicate',
  'exports',
] as const;
export type CoordinatorStep = (typeof COORDINATOR_STEPS)[number];

interface UiState {
  screen: Screen;
  navigate(screen: Screen): void;
  /** The find-in-context query, kept across tasks so a rater can look for the same thing in each. */
  findQuery: string;
  setFindQuery(query: string): void;
  /** Why the unlock screen is shown again (the study locked itself after idle minutes); null otherwise. */
  unlockNotice: string | null;
  setUnlockNotice(notice: string | null): void;
  /** The instructions-and-keys dialog (H or ?). */
  helpOpen: boolean;
  /** The dialog opened once in this session (by itself before the first task, or by the rater). */
  helpShown: boolean;
  setHelpOpen(open: boolean): void;
  /** The keys of the screen on view, for the dialog's list. */
  screenShortcuts: Shortcut[];
  setScreenShortcuts(shortcuts: Shortcut[]): void;
}

export const useUi = create<UiState>((set) => ({
  screen: { name: 'unlock' },
  // The same screen again (the next task of a kind) changes nothing, so nothing re-renders for it.
  navigate: (screen) => set((state) => (JSON.stringify(state.screen) === JSON.stringify(screen) ? state : { screen })),
  findQuery: '',
  setFindQuery: (findQuery) => set({ findQuery }),
  unlockNotice: null,
  setUnlockNotice: (unlockNotice) => set({ unlockNotice }),
  helpOpen: false,
  helpShown: false,
  setHelpOpen: (helpOpen) => set((state) => ({ helpOpen, helpShown: state.helpShown || helpOpen })),
  screenShortcuts: [],
  setScreenShortcuts: (screenShortcuts) => set({ screenShortcuts }),
}));
