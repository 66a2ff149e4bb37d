/**
 * Adjudicate: after the raters' packages are merged, the disagreements per dimension at thresholds the
 * coordinator may change (each ordered kind's default to begin with), and one adjudication package for
 * one adjudicator, written as `blindrate adjudicate` writes it (the same service and refusals): through
 * the Save dialog (desktop) or as a download (browser mode). Its passphrase is generated and shown once
 * on a hand-over sheet, as for a rater's package, unless the coordinator types one. The rounds issued are
 * listed with what came back; a returned package is merged in Returns.
 */
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { DisputeThresholds } from '../../../../shared/adjudication/disagreement';
import { DIMENSION_KIND_SPECS } from '../../../../shared/kinds/dimension-kinds';
import type { AdjudicationPreview, AdjudicationRoundInfo, AdjudicationSheet } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { transfer } from '../../api/transfer';
import { HandOverSheet } from '../../components/coordinator/HandOverSheet';
import { JobProgressView } from '../../components/coordinator/JobProgressView';
import { RecordTable } from '../../components/coordinator/RecordTable';
import { StepPage } from '../../components/coordinator/StepPage';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { useJob } from '../../coordinator/jobs';

const FIELDS: readonly FieldKey[] = ['adjudicator', 'passphrase'];

type PassphraseChoice = 'generated' | 'typed';

function DisagreementTable({ preview }: { preview: AdjudicationPreview }) {
  return (
    <Table captionSide="top">
      <Table.Caption>Disagreements per dimension</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Dimension</Table.Th>
          <Table.Th scope="col">Disputed when</Table.Th>
          <Table.Th scope="col">Outputs compared</Table.Th>
          <Table.Th scope="col">Disputed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.dimensions.map((d) => (
          <Table.Tr key={d.dimension}>
            <Table.Th scope="row">{d.label}</Table.Th>
            <Table.Td>{d.threshold === null ? 'any difference' : `${d.threshold} or more scale steps apart`}</Table.Td>
            <Table.Td>{d.compared}</Table.Td>
            <Table.Td>{d.disputes}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function AdjudicateScreen() {
  const [thresholds, setThresholds] = useState<DisputeThresholds>({});
  const [preview, setPreview] = useState<AdjudicationPreview | null>(null);
  const [rounds, setRounds] = useState<AdjudicationRoundInfo[]>([]);
  const [adjudicator, setAdjudicator] = useState('');
  const [hideRatings, setHideRatings] = useState(false);
  const [passphraseChoice, setPassphraseChoice] = useState<PassphraseChoice>('generated');
  const [passphrase, setPassphrase] = useState('');
  const [sheet, setSheet] = useState<AdjudicationSheet | null>(null);
  const { errors, show, clear } = useFormErrors(FIELDS);
  const job = useJob();
  const running = job.status?.state === 'running';

  const loadRounds = useCallback(() => api().listAdjudicationRounds().then(setRounds, show), [show]);
  useEffect(() => void loadRounds(), [loadRounds]);
  useEffect(() => {
    let current = true;
    api()
      .previewAdjudication({ thresholds })
      .then((p) => current && setPreview(p), show);
    return () => {
      current = false;
    };
  }, [thresholds, show]);

  const setThreshold = (kind: keyof DisputeThresholds, value: number | string, defaultThreshold: number) =>
    setThresholds((chosen) => {
      const { [kind]: _previous, ...others } = chosen;
      // Blank, or back at the default: the kind's default is used, as without --threshold.
      const steps = typeof value === 'number' ? value : Number.NaN;
      return Number.isInteger(steps) && steps !== defaultThreshold ? { ...others, [kind]: steps } : others;
    });

  const write = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setSheet(null);
    try {
      const end = await job.run(() =>
        api().startAdjudicate({
          adjudicator,
          showRatings: !hideRatings,
          thresholds,
          passphrase: passphraseChoice === 'typed' ? passphrase : null,
        }),
      );
      if (!end) return;
      if (end.state === 'failed') show(new Error(end.error));
      else if (end.state === 'done' && end.result.kind === 'adjudicate') {
        await transfer().download(end.result.sheet.file);
        setSheet(end.result.sheet);
        setPassphrase('');
      }
      await loadRounds();
    } catch (e) {
      show(e);
    }
  };

  return (
    <StepPage
      title="Adjudicate"
      intro="After the raters' packages are merged, the outputs on which they disagree can go to an adjudicator, who sets the final value of each disputed dimension. The package shows the raters as Rater 1, Rater 2, … (never their names), blinded like a rating task."
      error={errors.general}
    >
      {preview && (
        <Paper withBorder p="lg" component="section" aria-label="Disagreements">
          <Stack>
            {preview.thresholds.length > 0 && (
              <Group align="flex-start">
                {preview.thresholds.map((t) => (
                  <NumberInput
                    key={t.kind}
                    label={`${DIMENSION_KIND_SPECS[t.kind].name} threshold (scale steps)`}
                    description={`Raters this many steps apart or more disagree; default ${t.defaultThreshold}.`}
                    min={1}
                    allowDecimal={false}
                    value={t.threshold}
                    onChange={(value) => setThreshold(t.kind, value, t.defaultThreshold)}
                    w={260}
                  />
                ))}
              </Group>
            )}
            <DisagreementTable preview={preview} />
            <Text role="status">
              {preview.problem ?? `${preview.disputes} disputes in ${preview.tasks} tasks would go to the adjudicator.`}
            </Text>
          </Stack>
        </Paper>
      )}

      <Paper withBorder p="lg" component="section" aria-label="Adjudication package">
        <form onSubmit={(e) => void write(e)} noValidate>
          <Stack>
            <TextInput
              label={FIELD_LABELS.adjudicator}
              description="Who settles the disagreements: not one of the study's raters."
              value={adjudicator}
              onChange={(e) => setAdjudicator(e.currentTarget.value)}
              error={errors.byField.adjudicator}
              w={360}
            />
            <Checkbox
              label="Hide the raters' values (a fully blind second opinion)"
              checked={hideRatings}
              onChange={(e) => setHideRatings(e.currentTarget.checked)}
            />
            <Radio.Group
              label="Package passphrase"
              value={passphraseChoice}
              onChange={(value) => setPassphraseChoice(value as PassphraseChoice)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="generated" label="Generate one, shown once on a hand-over sheet" />
                <Radio value="typed" label="Type one" />
              </Stack>
            </Radio.Group>
            {passphraseChoice === 'typed' && (
              <PasswordInput
                label={FIELD_LABELS.passphrase}
                description="Not the master's passphrase, and none given to another package of this study."
                autoComplete="new-password"
                value={passphrase}
                onChange={(e) => setPassphrase(e.currentTarget.value)}
                error={errors.byField.passphrase}
                w={360}
              />
            )}
            <Group>
              <Button type="submit" disabled={running || preview?.problem != null}>
                Write the adjudication package
              </Button>
            </Group>
            {job.status && running && (
              <JobProgressView status={job.status} unit="packages" onCancel={() => void job.cancel()} />
            )}
          </Stack>
        </form>
      </Paper>

      {sheet && (
        <Stack>
          <Text role="status" fw={500}>
            Wrote {sheet.fileName} ({sheet.disputes} disputes in {sheet.tasks} tasks) to {sheet.file.folderLabel}. Its
            passphrase is shown now, once: copy or print it for {sheet.rater}.
          </Text>
          <HandOverSheet sheet={sheet} />
        </Stack>
      )}

      {rounds.length > 0 && (
        <Paper withBorder p="lg" component="section" aria-label="Adjudication packages">
          <RecordTable
            caption="Adjudication packages"
            columns={['Adjudicator', 'File', 'Outputs', "Raters' values", 'Issued', 'Returned', 'Settled']}
            rows={rounds}
            rowKey={(r) => r.roundId}
            cells={(r) => [
              r.adjudicator,
              r.fileName,
              r.tasks,
              r.showsRatings ? 'shown' : 'hidden',
              new Date(r.issuedAt).toLocaleString(),
              r.returnedAt ? new Date(r.returnedAt).toLocaleString() : 'not yet: merge it in Returns',
              `${r.settled} of ${r.disputes}`,
            ]}
          />
        </Paper>
      )}
    </StepPage>
  );
}
