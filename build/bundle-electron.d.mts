/** Types of bundle-electron.mjs, for the TypeScript callers (start, E2E setup, shell tests). */
export function bundleElectron(outdir?: string): Promise<void>;
