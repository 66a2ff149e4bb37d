/**
 * Saving an export (a table, the report, the analysis, a backup) as the coordinator workspace's
 * Exports and the Reports screen both do: the export job, then the desktop Save dialog's file or the
 * browser's download — the same bytes the command line writes.
 */
import { useState } from 'react';
import type { ExportRequest, WrittenFile } from '../../../shared/coordinator-api';
import { api } from '../api/current';
import { userMessage } from '../api/errors';
import { transfer } from '../api/transfer';
import { useJob } from './jobs';

export function useExportSaver() {
  const job = useJob();
  const [saved, setSaved] = useState<WrittenFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (request: ExportRequest) => {
    setError(null);
    setSaved(null);
    try {
      const end = await job.run(() => api().startExport(request));
      if (!end) return;
      if (end.state === 'failed') setError(end.error);
      else if (end.state === 'done' && end.result.kind === 'export') {
        await transfer().download(end.result.file);
        setSaved(end.result.file);
      }
    } catch (e) {
      setError(userMessage(e));
    }
  };

  return { save, saved, error, status: job.status, running: job.status?.state === 'running', cancel: job.cancel };
}
