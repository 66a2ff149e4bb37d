/**
 * Raters and assignment: the raters' names (checked as assign checks them), how many raters see each
 * output, the quality-control options, and a preview of each rater's load and of the outputs each
 * pair shares, before Assign writes the plan.
 */
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type {
  AssignDraft,
  AssignmentSetup,
  AssignPreview,
  FileHandle,
  PlanOverview,
} from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { FileChooser } from '../../components/coordinator/FileChooser';
import { StepPage } from '../../components/coordinator/StepPage';
import { DeviationReasonField, deviationReasonOf } from '../../components/coordinator/DeviationReasonField';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { useLivePreview } from '../../coordinator/livePreview';
import { parseRaterNames } from '../../coordinator/raterNames';
import { AddRaters } from './AddRaters';

const FIELDS: readonly FieldKey[] = [
  'deviationReason',
  'raters',
  'overlap',
  'seed',
  'repeats',
  'referenceControls',
  'calibration',
  'calibrationFile',
];
const PREVIEW_DELAY_MS = 200;

/** The names as assign checks them first, then the plan they would give; problems of either in one list. */
async function previewPlan(draft: AssignDraft): Promise<AssignPreview> {
  const nameProblems = await api().checkRaterNames(draft.raters);
  if (nameProblems.length > 0) return { ok: false, problems: nameProblems };
  return api().previewAssignment(draft);
}

export function PlanTables({ plan, caption }: { plan: PlanOverview; caption: string }) {
  const names = plan.tasksPerRater.map((r) => r.name);
  return (
    <Stack>
      <Text>
        {caption}: each output rated by {plan.overlap} rater(s), seed {plan.seed}.{' '}
        {plan.coverage
          .map((outputs, k) => (k > 0 && outputs > 0 ? `${outputs} outputs by ${k} rater(s)` : null))
          .filter(Boolean)
          .join(', ')}
        {plan.qcTasks.repeat + plan.qcTasks.reference_control + plan.qcTasks.calibration > 0
          ? `; quality control: ${plan.qcTasks.repeat} repeats, ${plan.qcTasks.reference_control} reference controls, ${plan.qcTasks.calibration} calibration tasks`
          : ''}
        .
      </Text>
      <Table.ScrollContainer minWidth={400}>
        <Table captionSide="top">
          <Table.Caption>Tasks per rater, and outputs each pair of raters shares</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Rater</Table.Th>
              <Table.Th scope="col">Tasks</Table.Th>
              {names.map((n) => (
                <Table.Th scope="col" key={n}>
                  Shared with {n}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.tasksPerRater.map((r, i) => (
              <Table.Tr key={r.name}>
                <Table.Th scope="row">{r.name}</Table.Th>
                <Table.Td>{r.tasks}</Table.Td>
                {names.map((n, j) => (
                  <Table.Td key={n}>{i === j ? '–' : (plan.sharedOutputs[i]?.[j] ?? 0)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function RatersScreen() {
  const [setup, setSetup] = useState<AssignmentSetup | null>(null);
  const [namesText, setNamesText] = useState('');
  const [overlap, setOverlap] = useState<number | ''>('');
  const [seed, setSeed] = useState<number | null>(null);
  const [repeats, setRepeats] = useState<number>(0);
  const [referenceControls, setReferenceControls] = useState<number>(0);
  const [calibration, setCalibration] = useState<number>(0);
  const [calibrationFile, setCalibrationFile] = useState<FileHandle[]>([]);
  const [deviationReason, setDeviationReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [assigned, setAssigned] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFormErrors(FIELDS);

  const loadSetup = useCallback(
    () =>
      api()
        .getAssignmentSetup()
        .then((s) => {
          setSetup(s);
          setSeed((current) => current ?? s.suggestedSeed);
        }, show),
    [show],
  );
  useEffect(() => void loadSetup(), [loadSetup]);

  const raters = parseRaterNames(namesText);
  const draft: AssignDraft | null =
    seed === null
      ? null
      : {
          raters,
          overlap: overlap === '' ? null : overlap,
          seed,
          qc: { repeats, referenceControls, calibration },
          calibrationFile: calibrationFile[0]?.token ?? null,
          replace: Boolean(setup?.plan),
          // The preview plans in a rolled-back transaction, which the sealed protocol checks as well.
          ...deviationReasonOf(deviationReason),
        };
  const answer = useLivePreview(draft && draft.raters.length > 0 ? draft : null, previewPlan, show, PREVIEW_DELAY_MS);
  const preview = answer?.ok ? answer.plan : null;
  const problems = answer && !answer.ok ? answer.problems : null;
  useEffect(() => {
    if (problems) show(problems);
    else if (answer) clear();
  }, [answer, problems, show, clear]);

  const assign = async () => {
    if (!draft) return;
    setConfirming(false);
    setBusy(true);
    try {
      const plan = await api().assignRaters(draft);
      setAssigned(
        `Assigned ${plan.tasksPerRater.length} raters: ${plan.tasksPerRater.map((r) => `${r.name} ${r.tasks} tasks`).join(', ')}.`,
      );
      await loadSetup();
    } catch (e) {
      show(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepPage
      title="Raters and assignment"
      intro="Who rates what: every sampled output goes to the chosen number of raters, loads balanced; quality control adds hidden repeats, reference answers and a calibration round."
      error={errors.general}
    >
      {setup?.plan && (
        <Paper withBorder p="lg" component="section" aria-label="The current plan">
          <PlanTables plan={setup.plan} caption="The current plan" />
          {setup.replaceRefusal && (
            <Text mt="sm" size="sm">
              {setup.replaceRefusal}
            </Text>
          )}
        </Paper>
      )}
      {setup?.plan && <AddRaters plan={setup.plan} onAdded={() => void loadSetup()} />}
      <Paper withBorder p="lg" component="form" aria-label="Assignment" onSubmit={(e) => e.preventDefault()}>
        <Stack>
          <Textarea
            label={FIELD_LABELS.raters}
            description="One name a line, as they will appear in the packages and the exports."
            autosize
            minRows={3}
            value={namesText}
            onChange={(e) => setNamesText(e.currentTarget.value)}
            error={errors.byField.raters}
            autoFocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={FIELD_LABELS.overlap}
              description="Empty: every rater rates every output."
              min={1}
              allowDecimal={false}
              value={overlap}
              onChange={(v) => setOverlap(v === '' ? '' : Number(v))}
              error={errors.byField.overlap}
            />
            <NumberInput
              label={FIELD_LABELS.seed}
              description="A random one, kept with the plan."
              min={0}
              allowDecimal={false}
              value={seed ?? ''}
              onChange={(v) => setSeed(Number(v))}
              error={errors.byField.seed}
            />
            <NumberInput
              label={FIELD_LABELS.repeats}
              description="0 to 1, e.g. 0.1: that share of each rater's rating tasks comes back once, unannounced."
              min={0}
              max={1}
              step={0.05}
              decimalScale={2}
              value={repeats}
              onChange={(v) => setRepeats(Number(v))}
              error={errors.byField.repeats}
            />
            <NumberInput
              label={FIELD_LABELS.referenceControls}
              min={0}
              allowDecimal={false}
              value={referenceControls}
              onChange={(v) => setReferenceControls(Number(v))}
              error={errors.byField.referenceControls}
            />
            <NumberInput
              label={FIELD_LABELS.calibration}
              description="At the start of each queue, with the expected ratings shown after each."
              min={0}
              allowDecimal={false}
              value={calibration}
              onChange={(v) => setCalibration(Number(v))}
              error={errors.byField.calibration}
            />
          </SimpleGrid>
          {calibration > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {FIELD_LABELS.calibrationFile}
              </Text>
              <FileChooser
                purpose="calibration"
                multiple={false}
                label="Choose calibration file…"
                chosen={calibrationFile}
                onChange={setCalibrationFile}
                onError={(message) => (message ? show(new Error(message)) : clear())}
              />
              {errors.byField.calibrationFile && (
                <Text size="sm" c="red.8" role="alert">
                  {errors.byField.calibrationFile}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      {preview && (
        <Paper withBorder p="lg" component="section" aria-label="Preview of the plan">
          <PlanTables plan={preview} caption="Will assign" />
        </Paper>
      )}
      <DeviationReasonField
        value={deviationReason}
        onChange={setDeviationReason}
        error={errors.byField.deviationReason}
        onError={show}
      />
      {setup?.replaceRefusal && setup.plan ? (
        <Alert color="orange">{setup.replaceRefusal}</Alert>
      ) : (
        <Group>
          <Button
            disabled={!preview}
            loading={busy}
            onClick={() => (setup?.plan ? setConfirming(true) : void assign())}
          >
            {setup?.plan ? 'Assign again…' : 'Assign'}
          </Button>
        </Group>
      )}
      {assigned && <Text role="status">{assigned}</Text>}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Replace the plan?"
      >
        <Stack>
          <Text>The current plan is replaced by the one previewed. Nothing has come back under it yet.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep the current plan
            </Button>
            <Button color="red" onClick={() => void assign()}>
              Replace it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StepPage>
  );
}
