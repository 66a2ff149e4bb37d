import { AppShell, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { ReportsScreen } from './reportsRoute';
import { FinishScreen } from './screens/Finish';
import { HomeScreen } from './screens/Home';
import { ProgressScreen } from './screens/Progress';
import { TaskScreen } from './screens/TaskScreen';
import { UnlockScreen } from './screens/Unlock';
import { AdjudicateScreen } from './screens/coordinator/Adjudicate';
import { ExportsScreen } from './screens/coordinator/Exports';
import { ImportScreen } from './screens/coordinator/Import';
import { NewStudyScreen } from './screens/coordinator/NewStudy';
import { PackagesScreen } from './screens/coordinator/Packages';
import { RatersScreen } from './screens/coordinator/Raters';
import { ReturnsScreen } from './screens/coordinator/Returns';
import { SampleScreen } from './screens/coordinator/Sample';
import { answerLeaveStudyRequests } from './leaveStudyRequests';
import { DisplayControls } from './components/DisplayControls';
import { HelpDialog } from './components/HelpDialog';
import { installTextSizeKeys } from './display/textSize';
import { watchIdle } from './session/idleWatch';
import { closeStudyAfterSaving, leaveTaskFor, lockAfterIdle } from './stores/navigation';
import { useTask } from './stores/task';
import { canSeeReports, useSession } from './stores/session';
import { useUi, type CoordinatorStep, type Screen } from './stores/ui';

function TopBar() {
  const { study, rater, overview } = useSession();
  const screen = useUi((s) => s.screen);
  const inSession = Boolean(study && rater && screen.name !== 'unlock');
  const coordinating = study?.role === 'coordinator' && screen.name !== 'unlock';
  const done = overview?.progress.reduce((n, p) => n + p.done, 0) ?? 0;
  const total = overview?.progress.reduce((n, p) => n + p.total, 0) ?? 0;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap" className="top-left">
        <Text fw={700} size="lg" className="brand">
          BlindRate
        </Text>
        {study && (
          <Text size="sm" c="dimmed" truncate>
            {study.name}
            {rater && ` · ${rater.name}`}
            {inSession && total > 0 && ` · ${done} of ${total} done`}
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto" className="top-right">
        {inSession && (
          <MainNav
            current={screen.name}
            links={[
              { screen: 'home', label: 'Home', go: () => void leaveTaskFor('home') },
              { screen: 'finish', label: 'Finish', go: () => void leaveTaskFor('finish') },
            ]}
            onCloseStudy={() => void closeStudyAfterSaving()}
          />
        )}
        {coordinating && canSeeReports(study) && (
          <MainNav current={screen.name} links={[]} onCloseStudy={() => void closeStudyAfterSaving()} />
        )}
        <DisplayControls />
      </Group>
    </Group>
  );
}

/** The top bar's navigation: a button per screen (marked when it is the current one), then Close study. */
function MainNav({
  current,
  links,
  onCloseStudy,
}: {
  current: Screen['name'];
  links: ReadonlyArray<{ screen: Screen['name']; label: string; go: () => void }>;
  onCloseStudy: () => void;
}) {
  return (
    <Group component="nav" aria-label="Main" gap="xs" wrap="nowrap">
      {links.map(({ screen, label, go }) => (
        <Button
          key={screen}
          variant="subtle"
          color="gray"
          onClick={go}
          aria-current={current === screen ? 'page' : undefined}
        >
          {label}
        </Button>
      ))}
      <Button variant="subtle" color="gray" onClick={onCloseStudy}>
        Close study
      </Button>
    </Group>
  );
}

const COORDINATOR_LINKS: ReadonlyArray<{ screen: 'progress' | CoordinatorStep | 'reports'; label: string }> = [
  { screen: 'progress', label: 'Progress' },
  { screen: 'import', label: 'Import' },
  { screen: 'sample', label: 'Sample' },
  { screen: 'raters', label: 'Raters' },
  { screen: 'packages', label: 'Packages' },
  { screen: 'returns', label: 'Returns' },
  { screen: 'adjudicate', label: 'Adjudicate' },
  { screen: 'exports', label: 'Exports' },
  { screen: 'reports', label: 'Reports' },
];

/** The coordinator's workspace: the steps of a study in order, down the side, the current one marked. */
function CoordinatorNav() {
  const current = useUi((s) => s.screen.name);
  const navigate = useUi((s) => s.navigate);
  return (
    <Stack component="nav" aria-label="Study steps" gap={4} p="sm">
      {COORDINATOR_LINKS.map(({ screen, label }) => (
        <Button
          key={screen}
          variant={current === screen ? 'light' : 'subtle'}
          color={current === screen ? 'indigo' : 'dark'}
          justify="flex-start"
          onClick={() => navigate({ name: screen })}
          aria-current={current === screen ? 'page' : undefined}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen.name) {
    case 'unlock':
      return <UnlockScreen />;
    case 'progress':
      return <ProgressScreen />;
    case 'home':
      return <HomeScreen />;
    case 'task':
      return <TaskScreen />;
    case 'finish':
      return <FinishScreen />;
    case 'new-study':
      return <NewStudyScreen />;
    case 'import':
      return <ImportScreen />;
    case 'sample':
      return <SampleScreen />;
    case 'raters':
      return <RatersScreen />;
    case 'packages':
      return <PackagesScreen />;
    case 'returns':
      return <ReturnsScreen />;
    case 'adjudicate':
      return <AdjudicateScreen />;
    case 'exports':
      return <ExportsScreen />;
    case 'reports':
      return (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading reports" />
            </Center>
          }
        >
          <ReportsScreen />
        </Suspense>
      );
  }
}

const MINUTE_MS = 60_000;

/**
 * A rater's session pauses the task after the study's idle minutes (texts hidden, clock stopped from the
 * last activity on) and locks the study after its longer idle time, so a discharge summary does not stay
 * on an unattended screen.
 */
function useIdleLock(): void {
  const idle = useSession((s) => (s.study?.role === 'rater' && s.rater ? s.study.rubric.idle : null));
  const inSession = useUi((s) => s.screen.name !== 'unlock');
  const pauseAfter = idle?.pauseAfterMinutes;
  const lockAfter = idle?.lockAfterMinutes;
  useEffect(() => {
    if (!inSession || pauseAfter === undefined || lockAfter === undefined) return;
    return watchIdle(
      window,
      { pauseAfterMs: pauseAfter * MINUTE_MS, lockAfterMs: lockAfter * MINUTE_MS },
      {
        pause: (lastActivity) => {
          if (useUi.getState().screen.name === 'task') useTask.getState().pause('idle', lastActivity);
        },
        lock: () => void lockAfterIdle(lockAfter),
      },
    );
  }, [inSession, pauseAfter, lockAfter]);
}

/** `reloadPage` is the page's location.reload, given from outside so a test can see it called. */
export function App({ reloadPage }: { reloadPage: () => void }) {
  const screen = useUi((s) => s.screen);
  const study = useSession((s) => s.study);
  const coordinating = study?.role === 'coordinator' && screen.name !== 'unlock' && screen.name !== 'new-study';

  useEffect(() => answerLeaveStudyRequests(window, reloadPage), [reloadPage]);
  useEffect(() => installTextSizeKeys(window), []);
  useIdleLock();

  // A new screen takes the keyboard focus to its heading unless a field there already claimed it,
  // so keyboard and screen-reader users start at the top of what changed.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) document.querySelector<HTMLElement>('main h1')?.focus();
  }, [screen.name]);

  return (
    <AppShell header={{ height: 56 }} navbar={coordinating ? { width: 180, breakpoint: 0 } : undefined} padding={0}>
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      {coordinating && (
        <AppShell.Navbar>
          <CoordinatorNav />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <CurrentScreen screen={screen} />
      </AppShell.Main>
      {study?.role === 'rater' && screen.name !== 'unlock' && <HelpDialog />}
    </AppShell>
  );
}
