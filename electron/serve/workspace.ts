/**
 * Browser mode's placement of the coordinator's files: new studies and packages only inside the
 * workspace folder, under names the server checks; exports are downloads. Nothing the page sends can
 * name a folder or climb out of this one.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CoordinatorPlacement } from '../services/coordinator';
import { StudyError } from '../../shared/errors';

/** Letters, digits, spaces, dot, dash, underscore, parentheses; no leading dot; at most 120 characters. */
const SAFE_FILE_NAME = /^(?!\.)[\p{L}\p{N} ._()-]{1,120}$/u;
/** Names Windows reserves whatever the extension. */
const RESERVED_STEM = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** The study file name the workspace accepts (".db" added when missing), or why not. */
export function workspaceStudyName(fileName: string): string {
  const trimmed = fileName.trim();
  const name = /\.db$/i.test(trimmed) ? trimmed : `${trimmed}.db`;
  if (!SAFE_FILE_NAME.test(name) || name.includes('..') || RESERVED_STEM.test(name.replace(/\..*$/, ''))) {
    throw new StudyError(
      `"${fileName}" cannot be a study file name here: use letters, digits, spaces, dots, dashes, underscores and parentheses, not starting with a dot.`,
    );
  }
  return name;
}

export function workspacePlacement(workspaceDir: string): CoordinatorPlacement {
  const folder = resolve(workspaceDir);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new StudyError(`The workspace ${workspaceDir} is not a folder.`);
  return {
    files: 'uploads',
    workspaceLabel: folder,
    async newStudyPath(fileName) {
      const path = join(folder, workspaceStudyName(fileName));
      if (existsSync(path))
        throw new StudyError(`${workspaceStudyName(fileName)} already exists in the workspace; choose another name.`);
      return path;
    },
    async packageFolder() {
      return { path: folder, label: folder };
    },
    async exportTarget() {
      return 'download';
    },
  };
}
