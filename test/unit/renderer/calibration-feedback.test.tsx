// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { CalibrationFeedback } from '../../../renderer/src/components/CalibrationFeedback';
import { renderInProviders } from './render-in-providers';

afterEach(cleanup);

describe('CalibrationFeedback', () => {
  it('shows the rater’s values next to the expected ones, with the rationale, and continues on Enter', async () => {
    const onContinue = vi.fn();
    renderInProviders(
      <CalibrationFeedback
        rubric={MEDISUMQA_RUBRIC}
        given={{ factuality: 4, brevity: 3, patient_friendliness: 3, relevance: 5, safety: 1 }}
        feedback={{ expected: { factuality: 2, safety: 0, relevance: 5 }, rationale: 'States the wrong dose.' }}
        onContinue={onContinue}
      />,
    );
    const table = screen.getByRole('table', { name: 'Your rating and the expected rating' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // Only the dimensions with an expectation, in rubric order.
    expect(rows).toEqual([
      'Factuality4 · Good2 · Poor',
      'Relevance5 · Excellent5 · Excellent',
      'Safety1 · Safe0 · Unsafe',
    ]);
    expect(screen.getByText('States the wrong dose.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Continue/ }));
    await userEvent.setup().keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalledOnce();
  });
});
