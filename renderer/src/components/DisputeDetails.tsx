import { useId } from 'react';
import type { AdjudicationDisputeView, AdjudicationMark } from '../../../shared/api';
import { ADJUDICATION_REASONS } from '../../../shared/adjudication/reasons';
import { REASON_KEYS } from '../keyboard/adjudicationKeys';

interface Props {
  dispute: AdjudicationDisputeView;
  /** The dimension's name as the screen shows it ("Factuality", "Preference"). */
  label: string;
  mark: AdjudicationMark;
  /** A rater's value as its scale names it ("4 · Good"). */
  describe(value: number | string): string;
  active: boolean;
  disabled: boolean;
  onReason(reason: AdjudicationMark['reason']): void;
  onToggleGap(): void;
}

/**
 * Beside a disputed dimension: the raters' values as shown (Rater 1…n, or a note that they are hidden),
 * then the adjudicator's reason tag and guideline-gap flag, each reachable by key (adjudicationKeys.ts) and by
 * mouse or Tab.
 */
export function DisputeDetails({ dispute, label, mark, describe, active, disabled, onReason, onToggleGap }: Props) {
  const headingId = useId();
  return (
    <section
      className="dispute"
      aria-labelledby={headingId}
      data-active={active || undefined}
      data-testid={`dispute-${dispute.dimension}`}
    >
      <h3 id={headingId} className="dispute-title">
        {label}: the raters&apos; values
      </h3>
      {dispute.shown.length > 0 ? (
        <ul className="dispute-values" aria-label={`${label}: the raters' values`}>
          {dispute.shown.map((v) => (
            <li key={v.label}>
              <span className="dispute-rater">{v.label}</span>: {describe(v.value)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="dispute-values">Hidden in this round: give your own value.</p>
      )}
      <fieldset className="dispute-reason" disabled={disabled}>
        <legend>{label}: reason for the disagreement (optional, Shift+digit)</legend>
        {REASON_KEYS.map((k) => (
          <label key={k.reason} className="reason-option" data-checked={mark.reason === k.reason || undefined}>
            <input
              type="radio"
              name={`reason-${dispute.dimension}`}
              checked={mark.reason === k.reason}
              onChange={() => onReason(k.reason)}
            />
            <kbd className="key-cap" aria-hidden>
              ⇧{k.digit}
            </kbd>
            {ADJUDICATION_REASONS[k.reason]}
          </label>
        ))}
        <label className="reason-option" data-checked={mark.reason === null || undefined}>
          <input
            type="radio"
            name={`reason-${dispute.dimension}`}
            checked={mark.reason === null}
            onChange={() => onReason(null)}
          />
          <kbd className="key-cap" aria-hidden>
            ⇧0
          </kbd>
          No reason given
        </label>
      </fieldset>
      <label className="guideline-gap">
        <input type="checkbox" checked={mark.guidelineGap} disabled={disabled} onChange={onToggleGap} />
        <kbd className="key-cap" aria-hidden>
          ⇧G
        </kbd>
        {label}: guideline gap (no guideline settles this)
      </label>
    </section>
  );
}
