import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useShortcuts } from '../keyboard/useShortcuts';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { InstructionsText } from './InstructionsText';
import { HELP_SHORTCUT, ShortcutLegend } from './ShortcutLegend';

/**
 * H or ? anywhere in a rater's session: the study's instructions and the keys of the screen on view. It
 * also opens by itself before the rater's first task (stores/navigation.ts).
 */
export function HelpDialog() {
  const instructions = useSession((s) => s.study?.rubric.instructions ?? '');
  const opened = useUi((s) => s.helpOpen);
  const setHelpOpen = useUi((s) => s.setHelpOpen);
  const shortcuts = useUi((s) => s.screenShortcuts);
  const open = () => setHelpOpen(true);
  useShortcuts({ h: open, '?': open });
  const close = () => setHelpOpen(false);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Instructions and keys"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close the instructions' }}
    >
      <Stack>
        <section aria-labelledby="help-instructions">
          <Title order={3} size="h4" id="help-instructions">
            Study instructions
          </Title>
          {instructions.trim() ? (
            <InstructionsText markdown={instructions} />
          ) : (
            <Text c="dimmed">The coordinator gave no written instructions for this study.</Text>
          )}
        </section>
        <section aria-labelledby="help-keys">
          <Title order={3} size="h4" id="help-keys" mb="xs">
            Keyboard shortcuts
          </Title>
          <ShortcutLegend shortcuts={shortcuts.length ? shortcuts : [HELP_SHORTCUT]} />
        </section>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            Close (Esc)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
