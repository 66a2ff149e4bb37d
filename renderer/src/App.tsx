import { AppShell, Button, Center, Group, Loader, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { ReportsScreen } from './reportsRoute';
import { FinishScreen } from './screens/Finish';
import { HomeScreen } from './screens/Home';
import { ProgressScreen } from './screens/Progress';
import { TaskScreen } from './screens/TaskScreen';
import { UnlockScreen } from './screens/Unlock';
import { answerLeaveStudyRequests } from './leaveStudyRequests';
import { closeStudyAfterSaving, leaveTaskFor } from './stores/navigation';
import { canSeeReports, useSession } from './stores/session';
import { useUi, type Screen } from './stores/ui';

function TopBar() {
  const { study, rater, overview } = useSession();
  const screen = useUi((s) => s.screen);
  const navigate = useUi((s) => s.navigate);
  const inSession = Boolean(study && rater && screen.name !== 'unlock');
  const coordinating = study?.role === 'coordinator' && screen.name !== 'unlock';
  const done = overview?.progress.reduce((n, p) => n + p.done, 0) ?? 0;
  const total = overview?.progress.reduce((n, p) => n + p.total, 0) ?? 0;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
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
        <MainNav
          current={screen.name}
          links={[
            { screen: 'progress', label: 'Progress', go: () => navigate({ name: 'progress' }) },
            { screen: 'reports', label: 'Reports', go: () => navigate({ name: 'reports' }) },
          ]}
          onCloseStudy={() => void closeStudyAfterSaving()}
        />
      )}
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
          color="dark"
          onClick={go}
          aria-current={current === screen ? 'page' : undefined}
        >
          {label}
        </Button>
      ))}
      <Button variant="subtle" color="dark" onClick={onCloseStudy}>
        Close study
      </Button>
    </Group>
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

/** `reloadPage` is the page's location.reload, given from outside so a test can see it called. */
export function App({ reloadPage }: { reloadPage: () => void }) {
  const screen = useUi((s) => s.screen);

  useEffect(() => answerLeaveStudyRequests(window, reloadPage), [reloadPage]);

  // A new screen takes the keyboard focus to its heading unless a field there already claimed it,
  // so keyboard and screen-reader users start at the top of what changed.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) document.querySelector<HTMLElement>('main h1')?.focus();
  }, [screen.name]);

  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <CurrentScreen screen={screen} />
      </AppShell.Main>
    </AppShell>
  );
}
