import { Kbd, Text } from '@mantine/core';
import { memo, useEffect, useId, useRef } from 'react';
import type { RubricDimension } from '../../../shared/rubric';
import { scrollIntoPane } from './scrollIntoPane';

interface Props {
  dimension: RubricDimension;
  value: number | undefined;
  active: boolean;
  disabled: boolean;
  onRate(value: number): void;
  onActivate(): void;
}

/**
 * One rubric dimension: its label and description, then every scale point with its key, label and anchor.
 * Memoised: with every anchor text it is the bulk of the rubric, and most keys change one row at most.
 */
export const DimensionRow = memo(function DimensionRow({
  dimension,
  value,
  active,
  disabled,
  onRate,
  onActivate,
}: Props) {
  const descriptionId = useId();
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (active) scrollIntoPane(ref.current, 'nearest');
  }, [active]);

  return (
    <fieldset
      ref={ref}
      className="dimension"
      data-active={active || undefined}
      aria-current={active ? 'step' : undefined}
      aria-describedby={descriptionId}
      disabled={disabled}
      data-testid={`dimension-${dimension.key}`}
    >
      <legend className="dimension-label">
        {dimension.label}
        {active && <span className="active-hint"> · active</span>}
      </legend>
      <Text id={descriptionId} size="sm" c="dimmed" className="dimension-description">
        {dimension.description}
      </Text>
      <div className="scale" data-kind={dimension.kind}>
        {dimension.scale.map((point) => (
          <label key={point.value} className="scale-point" data-checked={value === point.value || undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={`dimension-${dimension.key}`}
              value={point.value}
              checked={value === point.value}
              onChange={() => onRate(point.value)}
              onFocus={onActivate}
            />
            <span className="point-head">
              <Kbd size="xs" aria-hidden>
                {point.key.toUpperCase()}
              </Kbd>
              <span className="point-label">{point.label}</span>
            </span>
            {point.anchor && <span className="point-anchor">{point.anchor}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
});
