import { lazy } from 'react';

/** Reports (charts) are loaded only when opened: raters mostly never see them, and they are the heaviest screen. */
export const ReportsScreen = lazy(async () => ({ default: (await import('./screens/Reports')).ReportsScreen }));
