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
 * Plain elements rather than Mantine's Text and Kbd: every row is drawn again for each new task.
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
      <p id={descriptionId} className="dimension-description">
        {dimension.description}
      </p>
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
              <kbd className="key-cap" aria-hidden>
                {point.key.toUpperCase()}
              </kbd>
              <span className="point-label">{point.label}</span>
            </span>
            {point.anchor && <span className="point-anchor">{point.anchor}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
});
