import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryBody } from '@/components/query-body';

interface SettingsCardProps<T> {
  title: string;
  intro: string;
  /** The card's test id; `{testId}-loading` and `{testId}-error` on its states. */
  testId: string;
  query: Parameters<typeof QueryBody<T>>[0]['query'];
  children: (data: T) => ReactNode;
}

/**
 * A card of the profile screen that loads its own settings: the title and intro, then the spinner, the
 * failure with 'Tentar novamente', or the form once the settings are there.
 */
export function SettingsCard<T>({ title, intro, testId, query, children }: SettingsCardProps<T>) {
  return (
    <Card withBorder radius="md" p="lg" data-testid={testId}>
      <Stack gap="md">
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </div>
        <QueryBody query={query} testId={testId} compact isEmpty={() => false} empty={null}>
          {children}
        </QueryBody>
      </Stack>
    </Card>
  );
}
