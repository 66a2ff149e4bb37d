import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Calm and readable for hours of reading clinical text: one quiet accent, dark enough (shade 8) that
 * white text on it passes WCAG AA, and body text in Inter at a generous line height.
 */
export const theme = createTheme({
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif', fontWeight: '600' },
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'md',
  lineHeights: { md: '1.6' },
  focusRing: 'auto',
  respectReducedMotion: true,
});

/**
 * Mantine's default "dimmed" grey, error red and the text of light variants (alerts, badges) are too
 * faint for AA contrast on their backgrounds; the darkest shades pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-error': t.colors.red[9]!,
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, shades[9]!]),
    ),
  },
  // The dark theme: dimmed text and the text of light variants one step lighter than Mantine's, for AA on dark-7.
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1]!,
    '--mantine-color-error': t.colors.red[3]!,
    ...Object.fromEntries(
      Object.entries(t.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, shades]) => [`--mantine-color-${name}-light-color`, shades[3]!]),
    ),
  },
});
