import { Button, Code, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../api/current';
import { userMessage } from '../api/errors';

/** The folder part of a path, whichever separator the system uses. */
export function splitPath(path: string): { folder: string; name: string } {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0
    ? { folder: '', name: path }
    : { folder: path.slice(0, cut) || path.slice(0, 1), name: path.slice(cut + 1) };
}

/**
 * Which file to send back, said so that the rater cannot pick the wrong one: its name and whole folder,
 * "Show in folder" in the desktop app (the file selected in the file manager), and a copy button for the
 * full path to paste into an e-mail's attachment dialog.
 */
export function SendBack({ path, canShowInFolder }: { path: string; canShowInFolder: boolean }) {
  const { folder, name } = splitPath(path);
  const [status, setStatus] = useState('');
  const copyPath = async () => {
    try {
      await navigator.clipboard.writeText(path);
      setStatus('The file’s full location was copied to the clipboard.');
    } catch {
      setStatus('Could not copy: select the location above and copy it with Ctrl+C (⌘C on a Mac).');
    }
  };
  const showInFolder = async () => {
    try {
      await api().showStudyInFolder();
      setStatus('');
    } catch (error) {
      setStatus(userMessage(error));
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="send-back-title">
      <Title order={2} size="h4" id="send-back-title">
        The file to send back
      </Title>
      <Text mt="xs">Close BlindRate and send the file {name} back to your study coordinator. It is in the folder:</Text>
      <Code block className="file-location" data-testid="study-folder">
        {folder}
      </Code>
      <Group gap="sm" mt="xs">
        {canShowInFolder && (
          <Button variant="default" onClick={() => void showInFolder()}>
            Show in folder
          </Button>
        )}
        <Button variant="default" onClick={() => void copyPath()}>
          Copy the file’s location
        </Button>
      </Group>
      <Text size="sm" mt="xs" role="status" aria-live="polite">
        {status}
      </Text>
    </Paper>
  );
}
