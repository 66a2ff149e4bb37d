// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlindRateApi } from '../../../shared/api';
import { installApi } from '../../../renderer/src/api/current';
import { ReportsScreen } from '../../../renderer/src/screens/Reports';
import { buildReportModel } from '../../../shared/report';
import { forestGeometry } from '../../../shared/report/forest';
import { modelTables } from '../../../shared/report/model';
import { FIXTURE_STUDY } from './fixture-study';
import { pairwiseFixtureResult } from './pairwise-fixture';
import { renderInProviders } from '../renderer/render-in-providers';

const result = pairwiseFixtureResult();
const study = { ...FIXTURE_STUDY, rubric: null, samples: [] };

afterEach(cleanup);

describe('Reports screen with pairwise judgements', () => {
  it('draws each forest plot with the report geometry and shows every table of the report model', async () => {
    installApi({ getReport: async () => ({ result, study }) } as unknown as BlindRateApi);
    renderInProviders(<ReportsScreen />);
    const section = await screen.findByRole('region', { name: 'Model against model (pairwise)' });
    const plot = within(section).getByRole('img', {
      name: 'Overall preference: Bradley–Terry log-strengths with 95% intervals, strongest first',
    });
    const overall = result.pairwise!.find((s) => s.dimension === 'pairwise' && s.bin === null)!;
    const geometry = forestGeometry(overall.bradleyTerry);
    // One point and one interval line per model, in rank order, labelled as the HTML report labels them.
    expect(plot.querySelectorAll('circle')).toHaveLength(geometry.rows.length);
    expect([...plot.querySelectorAll('g > title')].map((t) => t.textContent)).toEqual(
      geometry.rows.map((row) => `${row.model}: log-strength ${row.text}`),
    );
    const onScreen = screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'));
    expect(onScreen).toEqual(modelTables(buildReportModel(result, study)).map((t) => t.label));
    expect(onScreen).toContain('clarity: log-strengths per bin');
  });
});
