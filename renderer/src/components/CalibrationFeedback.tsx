import { Button, Kbd, Paper, Table, Text, Title } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import type { CalibrationFeedback as Feedback } from '../../../shared/qc/calibration';
import type { Rubric } from '../../../shared/rubric';

interface Props {
  rubric: Rubric;
  /** The values the rater just saved, by dimension key. */
  given: Readonly<Record<string, number>>;
  feedback: Feedback;
  onContinue(): void;
}

/**
 * Shown after the rater saves a calibration task: their rating next to the study team's expected one,
 * with the one-line rationale. The Continue button takes the focus, so Enter moves on as after any task.
 */
export function CalibrationFeedback({ rubric, given, feedback, onContinue }: Props) {
  const pointLabel = (dimensionKey: string, value: number | undefined) => {
    if (value === undefined) return '—';
    const point = rubric.dimensions.find((d) => d.key === dimensionKey)?.scale.find((p) => p.value === value);
    return point ? `${value} · ${point.label}` : String(value);
  };
  const expected = rubric.dimensions.filter((d) => feedback.expected[d.key] !== undefined);
  const section = useRef<HTMLElement>(null);
  // Focusing Continue scrolls the pane only as far as the button, which left the heading above the fold
  // (the rater had scrolled down to the last dimension): bring the whole feedback in from its top.
  // (jsdom has no scrollIntoView.)
  useLayoutEffect(() => section.current?.scrollIntoView?.({ block: 'start' }), []);
  return (
    <Paper
      ref={section}
      withBorder
      p="md"
      component="section"
      className="calibration-feedback"
      aria-labelledby="calibration-title"
      aria-live="polite"
    >
      <Title order={2} size="h4" id="calibration-title">
        Calibration: the expected rating
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        This practice answer is not part of the results.
      </Text>
      <Table fz="sm" mb="sm" aria-label="Your rating and the expected rating">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Dimension</Table.Th>
            <Table.Th scope="col">Your rating</Table.Th>
            <Table.Th scope="col">Expected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {expected.map((d) => {
            const same = given[d.key] === feedback.expected[d.key];
            return (
              <Table.Tr key={d.key} data-agrees={same || undefined}>
                <Table.Th scope="row">{d.label}</Table.Th>
                <Table.Td>{pointLabel(d.key, given[d.key])}</Table.Td>
                <Table.Td fw={same ? undefined : 700}>{pointLabel(d.key, feedback.expected[d.key])}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="sm" mb="sm">
        <b>Why:</b> {feedback.rationale}
      </Text>
      <Button onClick={onContinue} autoFocus rightSection={<Kbd size="xs">Enter</Kbd>}>
        Continue
      </Button>
    </Paper>
  );
}
