import { Text } from '@mantine/core';
import type { WrittenFile } from '../../../../shared/coordinator-api';
import { formatBytes } from './FileChooser';

/** "Saved ratings.csv (12 KB) in Documents." after an export, announced to screen readers. */
export function SavedFileStatus({ file }: { file: WrittenFile }) {
  return (
    <Text role="status">
      Saved {file.name} ({formatBytes(file.bytes)}) {file.downloadToken ? 'as a download' : `in ${file.folderLabel}`}.
    </Text>
  );
}
