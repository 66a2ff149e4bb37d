import { Button, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { FileHandle, FilePurpose } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { userMessage } from '../../api/errors';
import { transfer } from '../../api/transfer';
import { useCoordinator } from '../../stores/coordinator';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export { formatBytes };

/**
 * Choose (button) or drop files for one purpose. The desktop app opens the main process's Open
 * dialog and hands dropped files to the preload, which turns them into handles; browser mode uploads
 * what the file input or the drop gave. The chosen files are listed, each removable; the parent gets
 * the handles (never a path).
 */
export function FileChooser({
  purpose,
  multiple,
  label,
  chosen,
  onChange,
  onError,
}: {
  purpose: FilePurpose;
  multiple: boolean;
  /** The button's text, e.g. "Choose files…". */
  label: string;
  chosen: FileHandle[];
  onChange(files: FileHandle[]): void;
  onError(message: string | null): void;
}) {
  const { capabilities, loadCapabilities } = useCoordinator();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    loadCapabilities().catch((e: unknown) => onError(userMessage(e)));
  }, [loadCapabilities, onError]);
  const uploads = capabilities?.files === 'uploads';
  const dropped = transfer().dropped;
  const droppable = uploads || dropped !== null;

  const add = (files: FileHandle[]) => onChange(multiple ? [...chosen, ...files] : files.slice(0, 1));

  /** Adds the handles `give` resolves with, or shows why there are none. */
  const addFrom = async (give: () => Promise<FileHandle[]>) => {
    setBusy(true);
    onError(null);
    try {
      add(await give());
    } catch (e) {
      onError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const uploadAll = async (files: File[]) => {
    const upload = transfer().upload;
    if (!upload || files.length === 0) return;
    await addFrom(async () => {
      const handles: FileHandle[] = [];
      for (const file of multiple ? files : files.slice(0, 1)) handles.push(await upload(file, purpose));
      return handles;
    });
  };

  const choose = async () => {
    if (uploads) {
      input.current?.click();
      return;
    }
    await addFrom(() => api().chooseFiles({ purpose, multiple }));
  };

  const remove = (file: FileHandle) => {
    onChange(chosen.filter((f) => f.token !== file.token));
    api()
      .releaseFile(file.token)
      .catch(() => {});
  };

  const drop = (event: DragEvent) => {
    // Also tells the desktop preload the files were taken here, not a study to open.
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (uploads) void uploadAll(files);
    else if (dropped && files.length > 0) void addFrom(() => dropped(files, { purpose, multiple }));
  };

  return (
    <Stack gap="xs">
      <div
        className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
        onDragOver={(e) => {
          if (!droppable) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={droppable ? drop : undefined}
      >
        <Group gap="sm">
          <Button variant="default" onClick={() => void choose()} loading={busy}>
            {label}
          </Button>
          <Text size="sm" c="dimmed">
            {droppable ? `or drop ${multiple ? 'files' : 'a file'} here` : 'opens the system file dialog'}
          </Text>
        </Group>
        {uploads && (
          <input
            ref={input}
            type="file"
            multiple={multiple}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void uploadAll(files);
            }}
          />
        )}
      </div>
      {chosen.length > 0 && (
        <List listStyleType="none" spacing={4} aria-label="Chosen files">
          {chosen.map((file) => (
            <List.Item key={file.token}>
              <Group gap="xs">
                <Text size="sm">
                  {file.name} ({formatBytes(file.bytes)})
                </Text>
                <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => remove(file)} />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
