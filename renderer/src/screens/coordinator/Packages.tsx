/**
 * Packages: write one or all raters' packages into a folder (the desktop app asks which; browser mode
 * writes into the workspace). Each passphrase is shown once, with a copy button and a printable
 * hand-over sheet; it can be shown again after the master passphrase is entered again. Writing a
 * rater's package again re-issues it (the earlier one can no longer be merged). Once packages are
 * written, the protocol's seal is offered (components/coordinator/ProtocolSeal.tsx).
 */
import { Button, Checkbox, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { HandOverSheet as Sheet, IssuedPackageInfo, IssuedPackageSheet } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { HandOverSheet } from '../../components/coordinator/HandOverSheet';
import { JobProgressView } from '../../components/coordinator/JobProgressView';
import { ProtocolSeal } from '../../components/coordinator/ProtocolSeal';
import { RecordTable } from '../../components/coordinator/RecordTable';
import { StepPage } from '../../components/coordinator/StepPage';
import { FIELD_LABELS, useFormErrors, type FieldKey } from '../../coordinator/fieldErrors';
import { useJob } from '../../coordinator/jobs';
import { useCoordinator } from '../../stores/coordinator';

const FIELDS: readonly FieldKey[] = ['raters'];
const REVEAL_FIELDS: readonly FieldKey[] = ['masterPassphrase'];

function RevealDialog({ pkg, onClose }: { pkg: IssuedPackageInfo | null; onClose(): void }) {
  const [passphrase, setPassphrase] = useState('');
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const { errors, show, clear } = useFormErrors(REVEAL_FIELDS);
  const close = () => {
    setPassphrase('');
    setSheet(null);
    clear();
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pkg) return;
    try {
      setSheet(await api().revealPackageSheet({ packageId: pkg.packageId, masterPassphrase: passphrase }));
      clear();
    } catch (e) {
      show(e);
    } finally {
      setPassphrase('');
    }
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={pkg !== null}
      onClose={close}
      title={`${pkg?.rater ?? ''}'s passphrase`}
      size="lg"
    >
      {sheet ? (
        <Stack>
          <HandOverSheet sheet={sheet} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text>Enter the master study&apos;s passphrase again to see the package&apos;s passphrase.</Text>
            <PasswordInput
              label={FIELD_LABELS.masterPassphrase}
              autoComplete="current-password"
              value={passphrase}
              onChange={(e) => setPassphrase(e.currentTarget.value)}
              error={errors.byField.masterPassphrase ?? errors.general}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Show passphrase</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function PackagesScreen() {
  const capabilities = useCoordinator((s) => s.capabilities);
  const loadCapabilities = useCoordinator((s) => s.loadCapabilities);
  const [raters, setRaters] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [issued, setIssued] = useState<IssuedPackageInfo[]>([]);
  const [sheets, setSheets] = useState<IssuedPackageSheet[]>([]);
  const [revealing, setRevealing] = useState<IssuedPackageInfo | null>(null);
  const [confirmingReissue, setConfirmingReissue] = useState<string[] | null>(null);
  const { errors, show, clear } = useFormErrors(FIELDS);
  const job = useJob();
  const running = job.status?.state === 'running';

  const load = useCallback(
    () =>
      Promise.all([api().getAssignmentSetup(), api().listPackages()]).then(([setup, packages]) => {
        setRaters(setup.plan?.tasksPerRater.map((r) => r.name) ?? []);
        setIssued(packages);
      }, show),
    [show],
  );
  useEffect(() => {
    void load();
    loadCapabilities().catch(show);
  }, [load, loadCapabilities, show]);

  const write = async (names: string[]) => {
    clear();
    setSheets([]);
    try {
      const end = await job.run(() => api().startPack({ raters: names }));
      if (!end) return;
      if (end.state === 'failed') show(new Error(end.error));
      else if (end.state === 'done' && end.result.kind === 'pack') setSheets(end.result.packages);
      await load();
    } catch (e) {
      show(e);
    }
  };

  const issuedBefore = new Set(issued.filter((p) => !p.superseded).map((p) => p.rater));
  /** Writing over an issued package re-issues it: asked first, as the earlier file can then no longer be merged. */
  const requestWrite = (names: string[]) =>
    names.some((n) => issuedBefore.has(n)) ? setConfirmingReissue(names) : void write(names);
  const targets = chosen.length > 0 ? chosen : raters;
  const where =
    capabilities?.files === 'uploads'
      ? `into the workspace folder ${capabilities.workspaceLabel ?? ''}`
      : 'into the folder you choose next';
  const reissues = targets.filter((r) => issuedBefore.has(r));

  return (
    <StepPage
      title="Packages"
      intro="One encrypted package per rater, holding only the texts they rate. Send each file to its rater, and its passphrase by another channel."
      error={errors.general}
    >
      {raters.length === 0 ? (
        <Text>No raters yet: assign raters first (Raters).</Text>
      ) : (
        <Paper withBorder p="lg">
          <Stack>
            <Checkbox.Group
              label="Raters"
              description="None ticked: every rater."
              value={chosen}
              onChange={setChosen}
              error={errors.byField.raters}
            >
              <Group mt="xs">
                {raters.map((r) => (
                  <Checkbox key={r} value={r} label={issuedBefore.has(r) ? `${r} (issued)` : r} />
                ))}
              </Group>
            </Checkbox.Group>
            <Text>
              Will write {targets.length === 1 ? `${targets[0]}'s package` : `${targets.length} packages`} {where}
              {reissues.length > 0
                ? `; ${reissues.join(', ')} get a new package that replaces the one issued before`
                : ''}
              .
            </Text>
            <Group>
              <Button onClick={() => requestWrite(targets)} disabled={running}>
                {targets.length === 1 ? `Write ${targets[0]}'s package` : `Write ${targets.length} packages`}
              </Button>
            </Group>
            {job.status && running && (
              <JobProgressView status={job.status} unit="tasks" onCancel={() => void job.cancel()} />
            )}
          </Stack>
        </Paper>
      )}

      {sheets.length > 0 && (
        <Stack>
          <Text role="status" fw={500}>
            Wrote {sheets.length} package(s) to {sheets[0]!.file.folderLabel}. Each passphrase is shown now, once: copy
            or print it for its rater.
          </Text>
          {sheets.map((sheet) => (
            <HandOverSheet key={sheet.packageId} sheet={sheet} />
          ))}
        </Stack>
      )}

      {issued.length > 0 && <ProtocolSeal onError={show} />}

      {issued.length > 0 && (
        <Paper withBorder p="lg" component="section" aria-label="Issued packages">
          <RecordTable
            caption="Issued packages"
            columns={['Rater', 'File', 'Tasks', 'Issued', 'Returned', 'Actions']}
            rows={issued}
            rowKey={(p) => p.packageId}
            cells={(p) => [
              p.rater,
              `${p.fileName}${p.superseded ? ' (replaced)' : ''}`,
              p.tasks,
              new Date(p.issuedAt).toLocaleString(),
              p.returnedAt ? new Date(p.returnedAt).toLocaleString() : 'not yet',
              !p.superseded && (
                <Group gap="xs" key="actions">
                  <Button size="xs" variant="default" onClick={() => setRevealing(p)}>
                    Show {p.rater}&apos;s passphrase…
                  </Button>
                  <Button size="xs" variant="default" onClick={() => requestWrite([p.rater])} disabled={running}>
                    Re-issue {p.rater}&apos;s package
                  </Button>
                </Group>
              ),
            ]}
          />
        </Paper>
      )}
      <RevealDialog pkg={revealing} onClose={() => setRevealing(null)} />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirmingReissue !== null}
        onClose={() => setConfirmingReissue(null)}
        title="Re-issue packages?"
      >
        <Stack>
          <Text>
            {confirmingReissue?.filter((n) => issuedBefore.has(n)).join(', ')} already have a package. A new one
            replaces it: the earlier file can no longer be merged, so make sure nothing was rated in it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingReissue(null)}>
              Keep the issued packages
            </Button>
            <Button
              color="red"
              onClick={() => {
                const names = confirmingReissue ?? [];
                setConfirmingReissue(null);
                void write(names);
              }}
            >
              Write new packages
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StepPage>
  );
}
