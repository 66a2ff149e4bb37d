/**
 * New study: where it is saved, its name, its rubric (a preset or a file, previewed) and its
 * passphrase (strength judged as the user types, typed twice). Nothing is written until Create study.
 */
import { Button, Group, Paper, PasswordInput, Progress, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { FileHandle, RubricSource } from '../../../../shared/coordinator-api';
import type { Rubric } from '../../../../shared/rubric';
import { api } from '../../api/current';
import { FileChooser } from '../../components/coordinator/FileChooser';
import { RubricPreviewTable } from '../../components/coordinator/RubricPreviewTable';
import { StepPage } from '../../components/coordinator/StepPage';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { useLivePreview } from '../../coordinator/livePreview';
import { useCoordinator } from '../../stores/coordinator';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';

const FIELDS: readonly FieldKey[] = ['fileName', 'studyName', 'rubric', 'passphrase', 'confirmation'];
const RUBRIC_FILE = 'file';
/** Judging strength after every key would queue calls; a short pause is still "live" to the eye. */
const STRENGTH_DELAY_MS = 150;

const previewRubric = (source: RubricSource) => api().previewRubric(source);
const checkPassphrase = (request: { passphrase: string; context: string[] }) => api().checkPassphrase(request);

export function NewStudyScreen() {
  const navigate = useUi((s) => s.navigate);
  const capabilities = useCoordinator((s) => s.capabilities);
  const loadCapabilities = useCoordinator((s) => s.loadCapabilities);
  const [presets, setPresets] = useState<{ id: string; rubric: Rubric }[]>([]);
  const [fileName, setFileName] = useState('study.db');
  const [name, setName] = useState('');
  const [rubricChoice, setRubricChoice] = useState('');
  const [rubricFile, setRubricFile] = useState<FileHandle[]>([]);
  const [passphrase, setPassphrase] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFormErrors(FIELDS);

  useEffect(() => {
    loadCapabilities().catch(show);
    api()
      .listRubricPresets()
      .then((list) => {
        setPresets(list);
        setRubricChoice((current) => current || list[0]?.id || RUBRIC_FILE);
      }, show);
  }, [loadCapabilities, show]);

  const source: RubricSource | null =
    rubricChoice === RUBRIC_FILE
      ? rubricFile[0]
        ? { file: rubricFile[0].token }
        : null
      : rubricChoice
        ? { preset: rubricChoice }
        : null;
  const preview = useLivePreview(source, previewRubric, show);
  const strength = useLivePreview(
    passphrase ? { passphrase, context: [name, fileName].filter(Boolean) } : null,
    checkPassphrase,
    show,
    STRENGTH_DELAY_MS,
  );

  const mismatch = confirmation !== '' && confirmation !== passphrase;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source) {
      show(new Error('Choose a rubric: a preset or a rubric file.'));
      return;
    }
    setBusy(true);
    clear();
    try {
      const study = await api().createStudy({ fileName, name, rubric: source, passphrase, confirmation });
      if (!study) return; // the Save dialog was cancelled: nothing written
      useSession.setState({ study, rater: null, overview: null });
      await useSession.getState().loadStudies();
      navigate({ name: 'import' });
    } catch (e) {
      show(e);
    } finally {
      setBusy(false);
    }
  };

  const where =
    capabilities?.files === 'uploads'
      ? `Written into the workspace folder ${capabilities.workspaceLabel ?? ''} under this name.`
      : 'Create study opens the system Save dialog with this name, to choose the folder.';
  const rubricName = preview?.ok ? preview.rubric.name : 'the chosen rubric';

  return (
    <StepPage
      title="New study"
      intro="A master study holds the outputs, the samples, the plan and every answer, encrypted with its passphrase. Nothing is written until you choose Create study."
      error={errors.general}
    >
      <Paper withBorder p="lg" component="form" onSubmit={(e) => void submit(e)} noValidate aria-label="New study">
        <Stack>
          <TextInput
            label={FIELD_LABELS.fileName}
            description={where}
            value={fileName}
            onChange={(e) => setFileName(e.currentTarget.value)}
            error={errors.byField.fileName}
            autoFocus
          />
          <TextInput
            label={FIELD_LABELS.studyName}
            description="Shown to raters when they open their package; empty uses the file name."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.byField.studyName}
          />
          <Radio.Group
            label={FIELD_LABELS.rubric}
            value={rubricChoice}
            onChange={setRubricChoice}
            error={errors.byField.rubric}
          >
            <Stack gap="xs" mt="xs">
              {presets.map((p) => (
                <Radio key={p.id} value={p.id} label={`${p.rubric.name} (preset)`} />
              ))}
              <Radio value={RUBRIC_FILE} label="A rubric file (JSON)" />
            </Stack>
          </Radio.Group>
          {rubricChoice === RUBRIC_FILE && (
            <FileChooser
              purpose="rubric"
              multiple={false}
              label="Choose rubric file…"
              chosen={rubricFile}
              onChange={setRubricFile}
              onError={(message) => (message ? show(new Error(message)) : clear())}
            />
          )}
          {preview?.ok && <RubricPreviewTable rubric={preview.rubric} />}
          {preview && !preview.ok && (
            <Text c="red.8" role="alert">
              The rubric file cannot be used: {preview.problems.join(' ')}
            </Text>
          )}
          <PasswordInput
            label={FIELD_LABELS.passphrase}
            description="Four or more uncommon words. Nobody can open the study without it, and it cannot be recovered."
            autoComplete="new-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            error={errors.byField.passphrase}
          />
          {strength && (
            <Stack gap={4} aria-live="polite">
              <Progress
                value={(strength.score / 4) * 100}
                color={strength.strong ? 'teal' : 'red'}
                aria-label={`Strength ${strength.score} of 4`}
              />
              <Text size="sm" c={strength.strong ? 'teal.9' : 'red.8'}>
                Strength {strength.score} of 4: {strength.strong ? 'strong enough.' : strength.message}
              </Text>
            </Stack>
          )}
          <PasswordInput
            label={FIELD_LABELS.confirmation}
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={errors.byField.confirmation ?? (mismatch ? 'The two passphrases differ.' : undefined)}
          />
          <Text size="sm">
            Will create {fileName || '…'} named “{name || fileName}” with {rubricName}, encrypted with this passphrase.
          </Text>
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate({ name: 'unlock' })}>
              Back
            </Button>
            <Button type="submit" loading={busy}>
              Create study
            </Button>
          </Group>
        </Stack>
      </Paper>
    </StepPage>
  );
}
