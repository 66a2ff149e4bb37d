import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { getPageStyleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';

/**
 * The colour scheme follows the system until the rater picks one in the top bar (Mantine remembers the
 * choice in localStorage). `env="test"` turns off Mantine transitions and portals for component tests. Mantine's <style> elements
 * carry the page's nonce, which the CSP requires (docs/security.md).
 */
export function Providers({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={env}
      getStyleNonce={getPageStyleNonce}
    >
      {children}
    </MantineProvider>
  );
}
