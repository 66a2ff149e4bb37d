import { lazy, type ComponentType } from 'react';

/**
 * The Reports screen is written by the analysis side; the route appears only once its file exists,
 * so the renderer builds either way.
 */
type ReportsModule = { default?: ComponentType; Reports?: ComponentType; ReportsScreen?: ComponentType };
const modules = import.meta.glob<ReportsModule>('./screens/Reports.tsx');
const load = Object.values(modules)[0];

export const ReportsScreen = load
  ? lazy(async () => {
      const module = await load();
      const component = module.default ?? module.ReportsScreen ?? module.Reports;
      if (!component) throw new Error('renderer/src/screens/Reports.tsx exports no component.');
      return { default: component };
    })
  : null;
