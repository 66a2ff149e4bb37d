/**
 * Returns: choose or drop the packages raters sent back. Each is verified as merge verifies it; the
 * table says per file whether it is accepted or refused and why, and nothing is written unless every
 * chosen file passes. The raters' progress below follows what was merged.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { RaterProgress } from '../../../../shared/api';
import type { FileHandle, ReturnVerdict } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { FileChooser } from '../../components/coordinator/FileChooser';
import { JobProgressView } from '../../components/coordinator/JobProgressView';
import { RaterProgressTable } from '../../components/coordinator/RaterProgressTable';
import { RecordTable } from '../../components/coordinator/RecordTable';
import { StepPage } from '../../components/coordinator/StepPage';
import { useFormErrors } from '../../coordinator/fieldErrors';
import { useJob } from '../../coordinator/jobs';

export function ReturnsScreen() {
  const [files, setFiles] = useState<FileHandle[]>([]);
  const [verdicts, setVerdicts] = useState<{ files: ReturnVerdict[]; merged: boolean } | null>(null);
  const [raters, setRaters] = useState<RaterProgress[]>([]);
  const { errors, show, clear } = useFormErrors([]);
  const job = useJob();
  const running = job.status?.state === 'running';

  const loadProgress = useCallback(() => api().listRaterProgress().then(setRaters, show), [show]);
  useEffect(() => void loadProgress(), [loadProgress]);

  const merge = async () => {
    clear();
    setVerdicts(null);
    try {
      const end = await job.run(() => api().startMerge({ files: files.map((f) => f.token) }));
      if (!end) return;
      if (end.state === 'failed') show(new Error(end.error));
      else if (end.state === 'done' && end.result.kind === 'merge') {
        setVerdicts({ files: end.result.files, merged: end.result.merged });
        if (end.result.merged) setFiles([]);
      }
      await loadProgress();
    } catch (e) {
      show(e);
    }
  };

  return (
    <StepPage
      title="Returns"
      intro="The packages raters sent back. Every file is checked (issued by this study, answers on the rubric's scale, its audit chain intact) before anything is merged; if one is refused, none is merged."
      error={errors.general}
    >
      <Paper withBorder p="lg">
        <Stack>
          <FileChooser
            purpose="returns"
            multiple
            label="Choose returned packages…"
            chosen={files}
            onChange={(f) => {
              setFiles(f);
              setVerdicts(null);
            }}
            onError={(message) => (message ? show(new Error(message)) : clear())}
          />
          {files.length > 0 && (
            <>
              <Text>
                Will check {files.length === 1 ? files[0]!.name : `${files.length} packages`} and merge them only if
                every one passes.
              </Text>
              <Group>
                <Button onClick={() => void merge()} disabled={running}>
                  Check and merge {files.length === 1 ? '1 package' : `${files.length} packages`}
                </Button>
              </Group>
            </>
          )}
          {job.status && running && (
            <JobProgressView status={job.status} unit="packages" onCancel={() => void job.cancel()} />
          )}
        </Stack>
      </Paper>

      {verdicts && (
        <Paper withBorder p="lg" component="section" aria-label="Checked packages">
          <Stack>
            <Text role="status" fw={500}>
              {verdicts.merged
                ? `Merged ${verdicts.files.length} package(s).`
                : 'Nothing was merged: every chosen package must pass. Remove or replace the refused ones and try again.'}
            </Text>
            <RecordTable
              caption="Each package checked"
              columns={['File', 'Rater', 'Verdict', 'Detail']}
              rows={verdicts.files}
              rowKey={(v) => v.file}
              cells={(v) => [
                v.file,
                v.rater ?? '–',
                <Text key="verdict" fw={600} c={v.accepted ? 'teal.9' : 'red.9'}>
                  {v.accepted ? 'accepted' : 'refused'}
                </Text>,
                v.detail,
              ]}
            />
          </Stack>
        </Paper>
      )}

      {raters.length > 0 && (
        <Paper withBorder p="lg" component="section" aria-label="Raters' progress">
          <RaterProgressTable raters={raters} />
        </Paper>
      )}
    </StepPage>
  );
}
