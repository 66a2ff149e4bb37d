/**
 * The coordinator's calls of the contract (shared/coordinator-api.ts) over the master open in the API
 * host: the same services the CLI runs, with files placed by the front end (dialogs or the workspace).
 */
import type { CoordinatorApi } from '../../shared/coordinator-api';
import type { Clock } from '../../shared/clock';
import type { StudyDb } from '../../db/connection';
import { StudyError } from '../../shared/errors';

/** How a front end places files; the only place paths come from (never the renderer). */
export interface CoordinatorPlacement {
  files: 'dialogs' | 'uploads';
  /** Browser mode: the workspace folder, for display. */
  workspaceLabel: string | null;
  /** Desktop: the system Open dialog; paths of the chosen files, [] when cancelled. */
  chooseFiles?(purpose: string, multiple: boolean): Promise<string[]>;
  /** Where a new study is created: a Save dialog (null when cancelled), or the workspace. */
  newStudyPath(fileName: string): Promise<string | null>;
  /** The folder packages are written into; null when cancelled. */
  packageFolder(): Promise<{ path: string; label: string } | null>;
  /** A Save dialog path for an export, 'download' in browser mode, null when cancelled. */
  exportTarget(suggestedName: string): Promise<string | 'download' | null>;
}

export interface CoordinatorContext {
  clock: Clock;
  placement: CoordinatorPlacement | undefined;
  /** The open master, refused in a rater package or with nothing open. */
  master(): { db: StudyDb; path: string };
}

export function createCoordinatorApi(_context: CoordinatorContext): CoordinatorApi {
  const later = (): never => {
    throw new StudyError('This step is not available yet in this build.');
  };
  return {
    getCoordinatorCapabilities: later,
    chooseFiles: later,
    releaseFile: later,
    listRubricPresets: later,
    previewRubric: later,
    checkPassphrase: later,
    createStudy: later,
    previewImport: later,
    startImportValidation: later,
    startImport: later,
    listImports: later,
    getJob: later,
    cancelJob: later,
    getSampleSetup: later,
    previewSample: later,
    drawSample: later,
    checkRaterNames: later,
    getAssignmentSetup: later,
    previewAssignment: later,
    assignRaters: later,
    addRaters: later,
    listPackages: later,
    startPack: later,
    revealPackageSheet: later,
    startMerge: later,
    startExport: later,
  };
}
