/**
 * Returns: choose or drop the packages raters sent back, each with the lock receipt its rater read out if
 * any. Each is verified as merge verifies it; the table says per file whether it is accepted or refused and
 * why, and nothing is written unless every chosen file passes. A file refused with a remedy (a package the
 * restored master forgot, a diverged history) gets the field that takes it, as the CLI's flags do. The
 * raters' progress below follows what was merged.
 */
import { Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { RaterProgress } from '../../../../shared/api';
import type { FileHandle, ReturnChoices, ReturnVerdict } from '../../../../shared/coordinator-api';
import { assertNever } from '../../../../shared/kinds/assert-never';
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
  /** What the coordinator typed for each chosen file, by its token. */
  const [choices, setChoices] = useState<Record<string, ReturnChoices>>({});
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
      const given = Object.fromEntries(
        files.flatMap((f) => {
          const choice = givenChoices(choices[f.token]);
          return choice ? [[f.token, choice]] : [];
        }),
      );
      const end = await job.run(() => api().startMerge({ files: files.map((f) => f.token), choices: given }));
      if (!end) return;
      if (end.state === 'failed') show(new Error(end.error));
      else if (end.state === 'done' && end.result.kind === 'merge') {
        setVerdicts({ files: end.result.files, merged: end.result.merged });
        if (end.result.merged) {
          setFiles([]);
          setChoices({});
        }
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
              setChoices((given) =>
                Object.fromEntries(f.flatMap((h) => (given[h.token] ? [[h.token, given[h.token]!]] : []))),
              );
            }}
            onError={(message) => (message ? show(new Error(message)) : clear())}
          />
          {files.length > 0 && (
            <>
              <RecordTable
                caption="Chosen packages"
                columns={['File', 'Lock receipt (optional)', 'To take it anyway']}
                rows={files}
                rowKey={(f) => f.token}
                cells={(f) => {
                  const choice = choices[f.token] ?? {};
                  const set = (change: ReturnChoices) =>
                    setChoices((given) => ({ ...given, [f.token]: { ...given[f.token], ...change } }));
                  const remedy = verdicts?.files.find((v) => v.file === f.name && !v.accepted)?.remedy;
                  return [
                    f.name,
                    <TextInput
                      key="receipt"
                      aria-label={`Lock receipt of ${f.name}`}
                      description="The code on the rater's Finish screen, as they read it out."
                      placeholder="VADC-1PN8-RFK7"
                      value={choice.receipt ?? ''}
                      onChange={(e) => set({ receipt: e.currentTarget.value })}
                    />,
                    remedy ? (
                      <RemedyField key="remedy" file={f.name} remedy={remedy} choice={choice} onChange={set} />
                    ) : (
                      '–'
                    ),
                  ];
                }}
              />
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
                : verdicts.files.some((v) => v.remedy)
                  ? 'Nothing was merged: every chosen package must pass. A refused package with a field under "To take it anyway" above can be taken that way; remove or replace the others and try again.'
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

/** The field that takes a refused package's remedy, in the app's words (the CLI names its flags instead). */
function RemedyField({
  file,
  remedy,
  choice,
  onChange,
}: {
  file: string;
  remedy: NonNullable<ReturnVerdict['remedy']>;
  choice: ReturnChoices;
  onChange(change: ReturnChoices): void;
}) {
  switch (remedy) {
    case 'adopt':
      return (
        <PasswordInput
          label={`Passphrase of ${file}`}
          description="From its hand-over sheet: the package is adopted if it proves to be of this study."
          value={choice.adoptPassphrase ?? ''}
          onChange={(e) => onChange({ adoptPassphrase: e.currentTarget.value })}
        />
      );
    case 'accept-diverged':
      return (
        <Checkbox
          label={`Merge ${file} accepting its diverged history (answers merged before are kept unless it changed them later)`}
          checked={choice.acceptDivergedHistory ?? false}
          onChange={(e) => onChange({ acceptDivergedHistory: e.currentTarget.checked })}
        />
      );
    default:
      return assertNever(remedy, 'package remedy');
  }
}

/** The choices worth sending: a receipt or passphrase typed, the acceptance ticked; undefined when none is. */
function givenChoices(choice: ReturnChoices | undefined): ReturnChoices | undefined {
  if (!choice) return undefined;
  const receipt = choice.receipt?.trim();
  const given: ReturnChoices = {
    ...(receipt && { receipt }),
    ...(choice.adoptPassphrase && { adoptPassphrase: choice.adoptPassphrase }),
    ...(choice.acceptDivergedHistory && { acceptDivergedHistory: true }),
  };
  return Object.keys(given).length > 0 ? given : undefined;
}
