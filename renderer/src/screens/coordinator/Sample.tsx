/**
 * Sample, per task kind: models, metrics, bins, N per bin and a seed (a random one pre-filled and
 * shown). The preview per model shows the score histogram with the quantile cut points, the bin
 * sizes, how many are drawn, and why a choice is impossible with the largest N that works. Drawing
 * again asks first, and is refused once packages were issued.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { SampleDraft, SamplePreview, SampleSetup } from '../../../../shared/coordinator-api';
import { TASK_KINDS, type TaskKind } from '../../../../shared/domain';
import { api } from '../../api/current';
import { ScoreHistogram } from '../../components/coordinator/ScoreHistogram';
import { StepPage } from '../../components/coordinator/StepPage';
import { DeviationReasonField, deviationReasonOf } from '../../components/coordinator/DeviationReasonField';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { useLivePreview } from '../../coordinator/livePreview';
import { KIND_NOUNS } from '../kindLabels';

const FIELDS: readonly FieldKey[] = ['deviationReason', 'models', 'metrics', 'bins', 'perBin', 'seed'];
const PREVIEW_DELAY_MS = 150;
const previewSample = (draft: SampleDraft) => api().previewSample(draft);

const PER_MODEL_INTRO =
  "Each model's outputs are sorted by their average automatic score and cut into equal-sized bins; N outputs are drawn per bin per model with the seed shown, so the draw can be repeated.";
/** How each kind's sample is drawn (shared/pairwise-sampling.ts for pairwise). */
const INTROS: Record<TaskKind, string> = {
  rating: PER_MODEL_INTRO,
  preference: PER_MODEL_INTRO,
  pairwise:
    "Items every chosen model answered are sorted by their difficulty (the mean of the models' average automatic scores) and cut into equal-sized bins; N items are drawn per bin with the seed shown, each with every pair of the models or with the pairs per item asked for.",
};

function ModelPreview({
  preview,
  onUsePerBin,
}: {
  preview: SamplePreview['perModel'][number];
  onUsePerBin(n: number): void;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={`Preview for ${preview.model}`}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {preview.model}
        </Title>
        <ScoreHistogram preview={preview} />
        <Text size="sm">
          {preview.eligible} outputs can be sampled
          {preview.ineligible > 0 ? `, ${preview.ineligible} cannot (no automatic score)` : ''}
          {preview.withoutReference > 0 ? `, ${preview.withoutReference} without a reference` : ''}.
        </Text>
        <Text size="sm">
          Bin sizes: {preview.binSizes.join(', ')} · drawn: <strong>{preview.drawn}</strong>
        </Text>
        {preview.impossible && (
          <Alert color="orange" title="Cannot be drawn">
            <Stack gap="xs">
              <Text size="sm">{preview.impossible.reason}</Text>
              <Group>
                <Text size="sm">The largest N per bin that works: {preview.impossible.largestPerBin}.</Text>
                {preview.impossible.largestPerBin > 0 && (
                  <Button size="xs" variant="default" onClick={() => onUsePerBin(preview.impossible!.largestPerBin)}>
                    Use N per bin = {preview.impossible.largestPerBin}
                  </Button>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function StoredSamples({ setup }: { setup: SampleSetup }) {
  if (setup.samples.length === 0) return <Text>No sample has been drawn yet.</Text>;
  return (
    <Table captionSide="top">
      <Table.Caption>Samples in this study</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Task</Table.Th>
          <Table.Th scope="col">Bins</Table.Th>
          <Table.Th scope="col">N per bin</Table.Th>
          <Table.Th scope="col">Seed</Table.Th>
          <Table.Th scope="col">Tasks</Table.Th>
          <Table.Th scope="col">Drawn</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {setup.samples.map((s) => (
          <Table.Tr key={s.sampleId}>
            <Table.Th scope="row">{KIND_NOUNS[s.task]}</Table.Th>
            <Table.Td>{s.bins}</Table.Td>
            <Table.Td>{s.perBin}</Table.Td>
            <Table.Td>{s.seed}</Table.Td>
            <Table.Td>{s.tasks}</Table.Td>
            <Table.Td>{new Date(s.createdAt).toLocaleString()}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SampleScreen() {
  const [setup, setSetup] = useState<SampleSetup | null>(null);
  const [task, setTask] = useState<TaskKind>('rating');
  const [drafts, setDrafts] = useState<Partial<Record<TaskKind, SampleDraft>>>({});
  const [deviationReason, setDeviationReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFormErrors(FIELDS);

  const loadSetup = useCallback(() => api().getSampleSetup().then(setSetup, show), [show]);
  useEffect(() => void loadSetup(), [loadSetup]);

  const draft: SampleDraft | null = setup
    ? (drafts[task] ?? {
        task,
        models: [],
        metrics: [],
        bins: 5,
        perBin: 10,
        // Each kind its own default seed, so two samples are not drawn alike.
        seed: (setup.suggestedSeed + TASK_KINDS.indexOf(task)) % (setup.maxSeed + 1),
        disjoint: true,
      })
    : null;
  const change = (patch: Partial<SampleDraft>) => draft && setDrafts((d) => ({ ...d, [task]: { ...draft, ...patch } }));
  const preview = useLivePreview(draft, previewSample, show, PREVIEW_DELAY_MS);
  useEffect(() => {
    if (preview?.problem) show(new Error(preview.problem));
    else if (preview) clear();
  }, [preview, show, clear]);

  if (!setup || !draft)
    return (
      <StepPage title="Sample" intro="Loading the study's outputs…" error={errors.general}>
        {null}
      </StepPage>
    );

  const draw = async (replace: boolean) => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await api().drawSample({ ...draft, replace, ...deviationReasonOf(deviationReason) });
      setDrawn(
        `${result.replaced ? 'Drew again' : 'Drew'} the ${result.task} sample: ${result.tasks} tasks, seed ${result.seed}.`,
      );
      await loadSetup();
    } catch (e) {
      show(e);
    } finally {
      setBusy(false);
    }
  };
  const canDraw = preview && !preview.problem && preview.perModel.every((m) => !m.impossible) && !busy;
  const current = preview && preview.draft.task === task ? preview : null;

  return (
    <StepPage title="Sample" intro={INTROS[task]} error={errors.general}>
      <SegmentedControl
        aria-label="Task"
        value={task}
        onChange={(value) => {
          setTask(value as TaskKind);
          setDrawn(null);
        }}
        data={[
          { value: 'rating', label: 'Rating sample' },
          { value: 'preference', label: 'Preference sample' },
          { value: 'pairwise', label: 'Pairwise sample' },
        ]}
      />
      <Paper
        withBorder
        p="lg"
        component="form"
        aria-label={`${KIND_NOUNS[task]} sample`}
        onSubmit={(e) => e.preventDefault()}
      >
        <Stack>
          <Checkbox.Group
            label={FIELD_LABELS.models}
            description="None ticked: every model."
            value={draft.models}
            onChange={(models) => change({ models })}
            error={errors.byField.models}
          >
            <Group mt="xs">
              {setup.models.map((m) => (
                <Checkbox key={m} value={m} label={m} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group
            label={FIELD_LABELS.metrics}
            description="Averaged into the score the bins are cut on; none ticked: every metric."
            value={draft.metrics}
            onChange={(metrics) => change({ metrics })}
            error={errors.byField.metrics}
          >
            <Group mt="xs">
              {setup.metrics.map((m) => (
                <Checkbox key={m} value={m} label={m} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={FIELD_LABELS.bins}
              min={1}
              allowDecimal={false}
              value={draft.bins}
              onChange={(v) => change({ bins: Number(v) })}
              error={errors.byField.bins}
            />
            <NumberInput
              label={FIELD_LABELS.perBin}
              min={1}
              allowDecimal={false}
              value={draft.perBin}
              onChange={(v) => change({ perBin: Number(v) })}
              error={errors.byField.perBin}
            />
            <NumberInput
              label={FIELD_LABELS.seed}
              description="A random one, kept with the sample."
              min={0}
              max={setup.maxSeed}
              allowDecimal={false}
              value={draft.seed}
              onChange={(v) => change({ seed: Number(v) })}
              error={errors.byField.seed}
            />
          </SimpleGrid>
          {task === 'pairwise' && (
            <NumberInput
              label="Pairs of models per item"
              description="Empty: every pair. Otherwise each pair of models is shown equally often (±1)."
              min={1}
              allowDecimal={false}
              value={draft.pairsPerItem ?? ''}
              onChange={(v) => change({ pairsPerItem: v === '' ? undefined : Number(v) })}
            />
          )}
          {task !== 'rating' && (
            <Checkbox
              label={task === 'pairwise' ? "Disjoint from the other samples' items" : 'Disjoint from the rating sample'}
              checked={draft.disjoint}
              onChange={(e) => change({ disjoint: e.currentTarget.checked })}
            />
          )}
        </Stack>
      </Paper>

      {current && (
        <Stack>
          <Text role="status">
            Will draw {current.tasks} {task} tasks
            {current.replaces
              ? `, replacing the sample drawn ${new Date(current.replaces.createdAt).toLocaleString()}`
              : ''}
            .
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {current.perModel.map((m) => (
              <ModelPreview key={m.model} preview={m} onUsePerBin={(perBin) => change({ perBin })} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {setup.redrawRefusal && current?.replaces && (
        <Alert color="orange" title="Cannot draw again">
          {setup.redrawRefusal}
        </Alert>
      )}
      <DeviationReasonField
        value={deviationReason}
        onChange={setDeviationReason}
        error={errors.byField.deviationReason}
        onError={show}
      />
      <Group>
        <Button
          disabled={!canDraw || Boolean(current?.replaces && setup.redrawRefusal)}
          loading={busy}
          onClick={() => (current?.replaces ? setConfirming(true) : void draw(false))}
        >
          {current?.replaces ? `Draw the ${task} sample again…` : `Draw the ${task} sample`}
        </Button>
      </Group>
      {drawn && <Text role="status">{drawn}</Text>}
      <Paper withBorder p="lg">
        <StoredSamples setup={setup} />
      </Paper>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Replace the sample?"
      >
        <Stack>
          <Text>
            The {task} sample drawn before is replaced by this one. Its tasks and any plan over them are dropped.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep the old sample
            </Button>
            <Button color="red" onClick={() => void draw(true)}>
              Replace it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StepPage>
  );
}
