/**
 * Leaving the open study from the main process (another file opened, File › Close Study) without
 * losing a complete answer the rater has not confirmed yet: the page is asked first, since only it
 * holds that answer, and saves it, closes the study and reloads itself. A page that does not answer
 * in time (hung) is closed and reloaded the old way, so the request never blocks.
 */

/** Long enough for a save and a close over IPC, short enough that a hung page does not seem ignored. */
export const LEAVE_STUDY_TIMEOUT_MS = 5000;

export interface LeaveStudyShell {
  hasOpenStudy(): boolean;
  /** Sends the page LEAVE_STUDY_REQUEST. */
  askPage(): void;
  /** Closes the study in the main process and reloads the page. */
  closeAndReload(): void;
}

export interface StudyLeaver {
  leave(): void;
  /** The page reloaded or chose to stay (its save failed): either way it answered, so no fallback. */
  pageAnswered(): void;
}

export function createStudyLeaver(shell: LeaveStudyShell): StudyLeaver {
  let fallback: ReturnType<typeof setTimeout> | null = null;
  const cancelFallback = () => {
    if (fallback) clearTimeout(fallback);
    fallback = null;
  };
  return {
    leave() {
      // A newer request replaces a pending one: one fallback at most.
      cancelFallback();
      if (!shell.hasOpenStudy()) {
        shell.closeAndReload();
        return;
      }
      shell.askPage();
      fallback = setTimeout(() => {
        fallback = null;
        shell.closeAndReload();
      }, LEAVE_STUDY_TIMEOUT_MS);
    },
    pageAnswered: cancelFallback,
  };
}
