/**
 * The desktop shell's request to leave the open study (another file was opened, or File › Close Study):
 * the same path as the Close study button, then a reload, which lists the studies again with the newly
 * opened file first. If the answer on screen could not be saved, the page tells the shell it stays, so
 * the shell does not close the study under the rater after all.
 */
import { LEAVE_STUDY_REQUEST, STAYED_IN_STUDY } from '../../shared/transport';
import { closeStudyAfterSaving } from './stores/navigation';

/** Listens on `target` (the window, where the preload dispatches the request); returns the unsubscribe. */
export function answerLeaveStudyRequests(target: Window, reloadPage: () => void): () => void {
  const leave = async () => {
    if (await closeStudyAfterSaving()) reloadPage();
    else target.dispatchEvent(new Event(STAYED_IN_STUDY));
  };
  const onRequest = () => void leave();
  target.addEventListener(LEAVE_STUDY_REQUEST, onRequest);
  return () => target.removeEventListener(LEAVE_STUDY_REQUEST, onRequest);
}
