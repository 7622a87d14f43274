import { Group, Progress, Stack, Text } from '@mantine/core';
import type { SyncProgress as Progressing } from '@panel/shared/content-sources/content-sources-api';
import { CONTENT_TEXTS, SYNC_PHASE_LABELS } from './content-texts';

interface SyncProgressProps {
  progress: Progressing | null;
  testId: string;
}

/**
 * A running sync: its phase in Portuguese and how far it is (done / total), or an animated striped bar
 * while the total cannot be known (a playlist read as it streams in).
 */
export function SyncProgress({ progress, testId }: SyncProgressProps) {
  const total = progress?.total ?? null;
  const done = progress?.done ?? 0;
  const known = total !== null && total > 0;
  const value = known ? Math.min(100, (done / total) * 100) : 100;
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} data-testid={`${testId}-phase`}>
          {progress ? SYNC_PHASE_LABELS[progress.phase] : CONTENT_TEXTS.sync}
        </Text>
        <Text size="xs" c="dimmed" data-testid={`${testId}-count`}>
          {known ? CONTENT_TEXTS.progressOf(done, total) : CONTENT_TEXTS.progressItems(done)}
        </Text>
      </Group>
      <Progress
        value={value}
        striped={!known}
        animated={!known}
        size="lg"
        aria-label={progress ? SYNC_PHASE_LABELS[progress.phase] : CONTENT_TEXTS.sync}
        data-testid={`${testId}-bar`}
        data-indeterminate={known ? undefined : true}
      />
    </Stack>
  );
}
