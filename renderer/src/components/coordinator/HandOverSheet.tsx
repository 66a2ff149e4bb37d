import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { HandOverSheet as Sheet } from '../../../../shared/coordinator-api';

/** Prints only this sheet: the page marks it, the print style sheet hides everything else (styles.css). */
function printOnly(element: HTMLElement | null) {
  if (!element) return;
  element.classList.add('print-target');
  document.body.classList.add('printing-sheet');
  try {
    window.print();
  } finally {
    document.body.classList.remove('printing-sheet');
    element.classList.remove('print-target');
  }
}

/**
 * What a rater is handed apart from their file: study, file name, passphrase and how to open it, with
 * a copy button for the passphrase and a printable sheet (meant to travel separately from the file).
 */
export function HandOverSheet({ sheet }: { sheet: Sheet }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  return (
    <Paper withBorder p="lg" component="section" aria-label={`Hand-over sheet for ${sheet.rater}`} ref={setElement}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {sheet.rater}
        </Title>
        <Text>
          Study: {sheet.studyName} · File: <strong>{sheet.fileName}</strong>
        </Text>
        <Group gap="sm">
          <Text>
            Passphrase: <code className="passphrase">{sheet.passphrase}</code>
          </Text>
          <CopyButton value={sheet.passphrase}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} className="no-print">
                {copied ? 'Copied' : `Copy ${sheet.rater}'s passphrase`}
              </Button>
            )}
          </CopyButton>
        </Group>
        <ol>
          {sheet.howToOpen.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <Group className="no-print">
          <Button size="xs" variant="default" onClick={() => printOnly(element)}>
            Print {sheet.rater}&apos;s hand-over sheet
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
