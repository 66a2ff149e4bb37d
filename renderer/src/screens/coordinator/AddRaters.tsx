/**
 * Raters joining a stored plan (the app's form of `assign --add`): each new rater gets the mean load
 * of the plan, drawn from the sampled outputs, and nobody else's tasks change, so it works after
 * packages were issued and answers came back.
 */
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PlanOverview } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { DeviationReasonField, deviationReasonOf } from '../../components/coordinator/DeviationReasonField';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { parseRaterNames } from '../../coordinator/raterNames';

const FIELDS: readonly FieldKey[] = ['deviationReason', 'raters'];

/** The load addRaters gives a joining rater: the plan's mean, rounded. */
function meanLoad(plan: PlanOverview): number {
  const total = plan.tasksPerRater.reduce((sum, r) => sum + r.tasks, 0);
  return Math.round(total / Math.max(1, plan.tasksPerRater.length));
}

export function AddRaters({ plan, onAdded }: { plan: PlanOverview; onAdded(): void }) {
  const [namesText, setNamesText] = useState('');
  const [deviationReason, setDeviationReason] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFormErrors(FIELDS);
  const names = parseRaterNames(namesText);

  const add = async () => {
    clear();
    setAdded(null);
    setBusy(true);
    try {
      const problems = await api().checkRaterNames(names);
      if (problems.length > 0) {
        show(problems);
        return;
      }
      const next = await api().addRaters({ raters: names, ...deviationReasonOf(deviationReason) });
      const joined = next.tasksPerRater.filter((r) => names.includes(r.name));
      setAdded(`Added ${joined.map((r) => `${r.name} (${r.tasks} tasks)`).join(', ')} to the plan.`);
      setNamesText('');
      setDeviationReason('');
      onAdded();
    } catch (e) {
      show(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" component="form" aria-label="Add raters to the plan" onSubmit={(e) => e.preventDefault()}>
      <Stack>
        <Textarea
          label={FIELD_LABELS.joiningRaters}
          description="One name a line. Each gets the plan's mean load from the sampled outputs, with its quality control; no other rater's tasks change."
          autosize
          minRows={2}
          value={namesText}
          onChange={(e) => setNamesText(e.currentTarget.value)}
          error={errors.byField.raters}
        />
        <DeviationReasonField
          value={deviationReason}
          onChange={setDeviationReason}
          error={errors.byField.deviationReason}
          onError={show}
        />
        {names.length > 0 && (
          <Text>
            Will add {names.join(', ')}, each with about {meanLoad(plan)} tasks (the mean load now).
          </Text>
        )}
        {errors.general && (
          <Text c="red.8" role="alert">
            {errors.general}
          </Text>
        )}
        <Group>
          <Button disabled={names.length === 0} loading={busy} onClick={() => void add()}>
            {names.length === 1 ? `Add ${names[0]}` : `Add ${names.length} raters`}
          </Button>
        </Group>
        {added && <Text role="status">{added}</Text>}
      </Stack>
    </Paper>
  );
}
