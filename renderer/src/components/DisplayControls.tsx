import { ActionIcon, Group, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { TEXT_SIZES, useTextSize } from '../display/textSize';

/**
 * The top bar's reading controls: text size (also Ctrl/Cmd + and −, remembered) and the colour theme,
 * which follows the system until the rater picks one here.
 */
export function DisplayControls() {
  const size = useTextSize((s) => s.size);
  const step = useTextSize((s) => s.step);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const dark = scheme === 'dark';
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Display">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Smaller text (now ${size} %)`}
        title="Smaller text (Ctrl −)"
        disabled={size === TEXT_SIZES[0]}
        onClick={() => step(-1)}
      >
        <span aria-hidden className="display-glyph small">
          A
        </span>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Larger text (now ${size} %)`}
        title="Larger text (Ctrl +)"
        disabled={size === TEXT_SIZES.at(-1)}
        onClick={() => step(1)}
      >
        <span aria-hidden className="display-glyph large">
          A
        </span>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Dark theme"
        title={dark ? 'Light theme' : 'Dark theme'}
        aria-pressed={dark}
        onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      >
        <span aria-hidden className="display-glyph">
          {dark ? '☀' : '☾'}
        </span>
      </ActionIcon>
    </Group>
  );
}
