import { Alert, Container, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenTitle } from '../ScreenTitle';

/** The frame of a coordinator step: its title, one sentence of what it does, the form-wide error, the content. */
export function StepPage({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <ScreenTitle>{title}</ScreenTitle>
        <Text>{intro}</Text>
        {error && (
          <Alert color="red" role="alert" className="pre-line">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Container>
  );
}
