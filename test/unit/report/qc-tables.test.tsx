// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeTidyRatings } from '../../../shared/analysis';
import { QcTables } from '../../../renderer/src/components/reports/QcTables';
import { renderInProviders } from '../renderer/render-in-providers';
import { CAREFUL, FAST, SIMULATION_RUBRIC, simulatedStudyRows } from '../../integration/qc/scripted-raters';

afterEach(cleanup);

const rows = simulatedStudyRows();
const show = (qcRows: typeof rows) =>
  renderInProviders(
    <QcTables
      result={analyzeTidyRatings(qcRows, { bootstrap: 0, seed: 1, rubric: SIMULATION_RUBRIC })}
      label={(key) => key.toUpperCase()}
    />,
  );

describe('Reports screen: quality control', () => {
  it('has a per-rater table that flags the fast rater and not the careful one', () => {
    show(rows);
    const table = screen.getByRole('table', { name: 'Quality control per rater' });
    const fast = within(table).getByRole('row', { name: new RegExp(FAST) });
    expect(within(fast).getByText('fast answers')).toBeTruthy();
    expect(within(fast).getByText('straight-lining')).toBeTruthy();
    expect(within(fast).getByText('77 of 77 (100%)')).toBeTruthy();
    const careful = within(table).getByRole('row', { name: new RegExp(CAREFUL) });
    expect(within(careful).getByText('none')).toBeTruthy();
  });

  it('shows intra-rater agreement and reference controls, and says calibration was not compared without expected ratings', () => {
    show(rows);
    const repeats = screen.getByRole('table', { name: 'Intra-rater agreement on hidden repeats' });
    expect(within(repeats).getAllByRole('row', { name: /FACTUALITY/ })).toHaveLength(3);
    expect(screen.getByRole('table', { name: /^Reference controls next to each model/ })).toBeTruthy();
    expect(screen.getByText(/20 calibration rows; their expected ratings were not supplied/)).toBeTruthy();
  });

  it('shows only the per-rater table for a study without QC tasks', () => {
    show(rows.filter((r) => r.qc === null));
    expect(screen.getAllByRole('table').map((t) => t.querySelector('caption')?.textContent)).toEqual([
      'Quality control per rater',
    ]);
  });
});
