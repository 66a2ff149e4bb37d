import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's h1; focusable from script so a new screen can take the keyboard focus to its top. */
export function ScreenTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Title order={1} size="h2" tabIndex={-1} id={id} className="screen-title">
      {children}
    </Title>
  );
}
