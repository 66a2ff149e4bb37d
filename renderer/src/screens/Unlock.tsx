import { Alert, Button, Checkbox, Container, Group, Paper, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { userMessage } from '../api/errors';
import { enterSession } from '../stores/navigation';
import { useSession } from '../stores/session';
import { useTask } from '../stores/task';
import { useUi } from '../stores/ui';
import { ScreenTitle } from '../components/ScreenTitle';

export function UnlockScreen() {
  const { studies, canRemember, loadStudies, openStudyFile, unlock, startSession } = useSession();
  const navigate = useUi((s) => s.navigate);
  const notice = useUi((s) => s.unlockNotice);
  const [chosenPath, setChosenPath] = useState<string | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passphraseRef = useRef<HTMLInputElement>(null);
  const path = chosenPath ?? studies[0]?.path ?? null;
  const remembered = studies.find((s) => s.path === path)?.passphraseRemembered ?? false;

  const studiesLoaded = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    studiesLoaded.current = loadStudies().catch((e: unknown) => setError(userMessage(e)));
  }, [loadStudies]);

  const openFile = async () => {
    try {
      const chosen = await openStudyFile();
      if (!chosen) return;
      setChosenPath(chosen.path);
      setError(null);
      passphraseRef.current?.focus();
    } catch (e) {
      setError(userMessage(e));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter may come before the study list has arrived (a fast typist after a reload): wait, never drop it.
    await studiesLoaded.current;
    const { studies: known } = useSession.getState();
    const studyPath = chosenPath ?? known[0]?.path ?? null;
    if (!studyPath) {
      setError('Choose a study first: Open… picks a study or the rater package you were sent.');
      return;
    }
    const stored = known.find((s) => s.path === studyPath)?.passphraseRemembered ?? false;
    if (!passphrase && !stored) {
      setError('Enter the study passphrase.');
      passphraseRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const study = await unlock({ path: studyPath, passphrase, remember: remember && canRemember });
      useTask.getState().clear();
      useUi.getState().setUnlockNotice(null);
      // A rater package opens straight into its one rater's session; a master into the coordinator's view.
      if (study.rater) await enterSession(await startSession(study.rater.id));
      else navigate({ name: 'progress' });
    } catch (e) {
      setError(userMessage(e));
      setPassphrase('');
      passphraseRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={560} py="xl">
      <Paper
        withBorder
        p="xl"
        component="form"
        onSubmit={(e) => void submit(e)}
        aria-labelledby="unlock-title"
        noValidate
      >
        <Stack>
          <ScreenTitle id="unlock-title">Open a study</ScreenTitle>
          {notice && (
            <Alert color="indigo" role="status" title="Locked while you were away">
              {notice}
            </Alert>
          )}
          {studies.length === 0 ? (
            <Text>
              No study is open on this computer yet. Choose Open… to pick a study or the rater package (.blindrate) you
              were sent, or drop the file onto this window.
            </Text>
          ) : (
            <Radio.Group label="Study" value={path ?? ''} onChange={setChosenPath}>
              <Stack gap="xs" mt="xs">
                {studies.map((s) => (
                  <Radio key={s.path} value={s.path} label={s.label} description={s.path} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <PasswordInput
            ref={passphraseRef}
            label="Passphrase"
            autoFocus
            autoComplete="current-password"
            description={remembered ? 'A passphrase is remembered for this study: leave empty to use it.' : undefined}
            value={passphrase}
            onChange={(e) => {
              setPassphrase(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            aria-invalid={Boolean(error)}
            errorProps={{ role: 'alert' }}
          />
          <Checkbox
            label="Remember the passphrase on this computer"
            description={
              canRemember
                ? 'Stored sealed by the operating system key store.'
                : 'Not available: this computer offers no secure key store, and BlindRate never stores a passphrase in plain text.'
            }
            checked={remember && canRemember}
            disabled={!canRemember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="default" onClick={() => void openFile()}>
                Open…
              </Button>
              <Button variant="default" onClick={() => navigate({ name: 'new-study' })}>
                New study…
              </Button>
            </Group>
            <Button type="submit" loading={busy}>
              Unlock
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
