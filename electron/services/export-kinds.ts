/** What `export` can write and in which formats: in a module of its own, so the CLI's help names them without loading the exporter. */

export const EXPORT_WHAT = ['outputs', 'sample', 'ratings', 'ratings-wide', 'dictionary', 'audit'] as const;
export type ExportWhat = (typeof EXPORT_WHAT)[number];

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
