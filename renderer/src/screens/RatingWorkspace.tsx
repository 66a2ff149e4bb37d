import { Alert, Paper, Stack, Title } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import type { RatingTaskPayload } from '../../../shared/api';
import type { Rubric, RubricDimension } from '../../../shared/rubric';
import { isDigitKey } from '../../../shared/rubric-keys';
import { conditionProblem, shownDimensions } from '../../../shared/rubric-conditions';
import { CalibrationFeedback } from '../components/CalibrationFeedback';
import { DimensionRow } from '../components/DimensionRow';
import { DisputeDetails } from '../components/DisputeDetails';
import type { Shortcut } from '../components/ShortcutLegend';
import { TaskLayout } from '../components/TaskLayout';
import { ADJUDICATION_LEGEND, adjudicationShortcuts } from '../keyboard/adjudicationKeys';
import type { ShortcutHandler } from '../keyboard/useShortcuts';
import { continueAfterCalibration } from '../stores/navigation';
import { isComplete, useTask } from '../stores/task';

/** Letter keys (like u/s for safety) that pick a point on a shown dimension whichever row is active. */
function letterKeyShortcuts(
  dimensions: ReadonlyArray<RubricDimension>,
  rate: (key: string, value: number) => void,
): Record<string, ShortcutHandler> {
  const shortcuts: Record<string, ShortcutHandler> = {};
  for (const dimension of dimensions) {
    for (const point of dimension.scale) {
      const key = point.key.toLowerCase();
      if (!isDigitKey(key)) shortcuts[key] = () => rate(dimension.key, point.value);
    }
  }
  return shortcuts;
}

/** Digit keys rate the active dimension; each dimension with letter keys gets its own line (any kind may: nominal). */
function ratingLegend(rubric: Rubric): Shortcut[] {
  const digits = rubric.dimensions.flatMap((d) => d.scale.map((p) => p.key)).filter(isDigitKey);
  const unique = [...new Set(digits)].sort();
  const legend: Shortcut[] = [];
  if (unique.length)
    legend.push({ keys: [`${unique[0]}–${unique.at(-1)}`], action: 'Rate the active dimension, then move on' });
  for (const d of rubric.dimensions.filter((dim) => dim.scale.some((p) => !isDigitKey(p.key)))) {
    legend.push({
      keys: d.scale.map((p) => p.key.toUpperCase()),
      action: `${d.label}: ${d.scale.map((p) => p.label).join(' / ')}`,
    });
  }
  legend.push({ keys: ['↑', '↓'], action: 'Previous / next dimension' });
  return legend;
}

/** A rater's value of a dimension as its scale names it. */
function describePoint(dimension: RubricDimension, value: number | string): string {
  const point = dimension.scale.find((p) => p.value === value);
  return point ? `${point.value} · ${point.label}` : String(value);
}

/**
 * A rating task; inside an adjudication package the same screen, given only the disputed dimensions (the
 * rubric of rubricOf), shows the raters' values under each and takes a reason and a guideline gap by key.
 */
export function RatingWorkspace({ task, rubric }: { task: RatingTaskPayload; rubric: Rubric }) {
  const draft = useTask((s) => s.draft);
  const activeIndex = useTask((s) => s.activeIndex);
  const rate = useTask((s) => s.rate);
  const setActive = useTask((s) => s.setActive);
  const calibration = useTask((s) => s.calibration);
  // Conditions show a dimension only while they hold (harm extent once safety is unsafe); the active index is among these.
  const dimensions = shownDimensions(rubric, draft.values);
  // Stable per rubric, so a row whose value and activity did not change is not rendered again.
  const rowHandlers = useMemo(
    () =>
      new Map(
        rubric.dimensions.map((dimension) => [
          dimension.key,
          {
            onRate: (value: number) => useTask.getState().rate(dimension.key, value, rubric),
            onActivate: () => {
              const shown = shownDimensions(rubric, useTask.getState().draft.values);
              useTask.getState().setActive(shown.findIndex((d) => d.key === dimension.key));
            },
          },
        ]),
      ),
    [rubric],
  );
  const adjudicating = task.adjudication !== undefined;
  const legend = useMemo(
    () => [...ratingLegend(rubric), ...(adjudicating ? ADJUDICATION_LEGEND : [])],
    [rubric, adjudicating],
  );
  const disputes = new Map(task.adjudication?.map((d) => [d.dimension, d]));
  const active = dimensions[activeIndex] ?? dimensions[0]!;
  const complete = isComplete(task, draft, rubric);
  const rateKey = (key: string, value: number) => rate(key, value, rubric);
  const missing = dimensions.filter((d) => draft.values[d.key] === undefined).map((d) => d.label);
  // Rated in full, the one thing conditions can still ask for is a comment.
  const problem = missing.length === 0 ? conditionProblem(rubric, draft.values, draft.comment) : null;

  const activeKeys: Record<string, ShortcutHandler> = Object.fromEntries(
    active.scale.map((p) => [p.key.toLowerCase(), () => rateKey(active.key, p.value)]),
  );

  return (
    <TaskLayout
      task={task}
      className="rating"
      title={`${adjudicating ? 'Adjudication' : 'Rating'} ${task.position} of ${task.total}`}
      complete={complete}
      incompleteHint={
        missing.length > 0 ? `Still to rate: ${missing.join(', ')}.` : `${sentence(problem ?? '')} Press C to write it.`
      }
      onIncomplete={() =>
        setActive(
          Math.max(
            0,
            dimensions.findIndex((d) => draft.values[d.key] === undefined),
          ),
        )
      }
      fallbackShortcuts={letterKeyShortcuts(dimensions, rateKey)}
      shortcuts={{
        ...activeKeys,
        ...(adjudicating ? adjudicationShortcuts(active.key) : {}),
        ArrowUp: () => setActive(Math.max(0, activeIndex - 1)),
        ArrowDown: () => setActive(Math.min(dimensions.length - 1, activeIndex + 1)),
      }}
      legend={legend}
    >
      {task.practice ? (
        <Alert role="note" color="blue" variant="light" className="practice-notice" title="Practice task">
          This answer is for practice and is not part of the results. After you save it, you see the study team&apos;s
          expected rating.
        </Alert>
      ) : null}
      {/* Focusable: a long answer scrolls inside its box (it stays in view while rating), also by keyboard. */}
      <Paper withBorder p="md" component="section" aria-labelledby="answer-title" className="answer" tabIndex={0}>
        <Title order={2} size="h4" id="answer-title">
          Answer
        </Title>
        <p className="answer-text">{task.answer}</p>
      </Paper>
      {calibration ? (
        <CalibrationFeedback
          rubric={rubric}
          given={calibration.given}
          feedback={calibration.feedback}
          onContinue={() => void continueAfterCalibration()}
        />
      ) : null}
      <Stack gap="xs" component="section" aria-label="Rubric">
        {dimensions.map((dimension, index) => {
          const dispute = disputes.get(dimension.key);
          const mark = draft.marks[dimension.key];
          return (
            <Fragment key={dimension.key}>
              <DimensionRow
                dimension={dimension}
                value={draft.values[dimension.key]}
                active={index === activeIndex}
                disabled={task.readOnly}
                {...rowHandlers.get(dimension.key)!}
              />
              {dispute && mark ? (
                <DisputeDetails
                  dispute={dispute}
                  label={dimension.label}
                  mark={mark}
                  describe={(value) => describePoint(dimension, value)}
                  active={index === activeIndex}
                  disabled={task.readOnly}
                  onReason={(reason) => useTask.getState().setReason(dimension.key, reason)}
                  onToggleGap={() => useTask.getState().toggleGuidelineGap(dimension.key)}
                />
              ) : null}
            </Fragment>
          );
        })}
      </Stack>
    </TaskLayout>
  );
}

function sentence(phrase: string): string {
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}
