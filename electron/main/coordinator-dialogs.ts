/**
 * The desktop app's placement of the coordinator's files: every path comes from a system dialog in
 * the main process, never from the renderer.
 */
import type { BrowserWindow, Dialog } from 'electron';
import { basename, dirname } from 'node:path';
import type { FilePurpose } from '../../shared/coordinator-api';
import type { CoordinatorPlacement } from '../services/coordinator';

const FILTERS: Record<FilePurpose, { name: string; extensions: string[] }[]> = {
  rubric: [{ name: 'Rubric (JSON)', extensions: ['json'] }],
  import: [{ name: 'Model outputs (JSON lines, JSON, CSV)', extensions: ['jsonl', 'ndjson', 'json', 'csv'] }],
  items: [
    { name: 'Items (JSON, JSON lines, CSV, text)', extensions: ['json', 'jsonl', 'csv', 'txt', 'source', 'target'] },
  ],
  calibration: [{ name: 'Calibration file (CSV, JSON, JSON lines)', extensions: ['csv', 'json', 'jsonl'] }],
  returns: [{ name: 'Returned rater packages', extensions: ['blindrate'] }],
};

export function dialogPlacement(
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>,
  window: BrowserWindow,
  rememberStudy: (path: string) => void,
): CoordinatorPlacement {
  return {
    files: 'dialogs',
    workspaceLabel: null,
    async chooseFiles(purpose, multiple) {
      const choice = await dialog.showOpenDialog(window, {
        filters: FILTERS[purpose],
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      });
      return choice.canceled ? [] : choice.filePaths;
    },
    async newStudyPath(fileName) {
      const choice = await dialog.showSaveDialog(window, {
        title: 'Save the new study as',
        defaultPath: /\.db$/i.test(fileName) ? fileName : `${fileName}.db`,
        filters: [{ name: 'BlindRate study', extensions: ['db'] }],
      });
      if (choice.canceled || !choice.filePath) return null;
      rememberStudy(choice.filePath);
      return choice.filePath;
    },
    async packageFolder() {
      const choice = await dialog.showOpenDialog(window, {
        title: 'Write the rater packages into',
        properties: ['openDirectory', 'createDirectory'],
      });
      const path = choice.filePaths[0];
      return choice.canceled || !path ? null : { path, label: path };
    },
    async exportTarget(suggestedName) {
      const choice = await dialog.showSaveDialog(window, { defaultPath: suggestedName });
      if (choice.canceled || !choice.filePath) return null;
      return { path: choice.filePath, folderLabel: dirname(choice.filePath) || basename(choice.filePath) };
    },
  };
}
