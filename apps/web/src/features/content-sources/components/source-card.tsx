import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconEdit, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  formatGuideOffset,
  type ContentSource,
  type SyncSummary,
} from '@panel/shared/content-sources/content-sources-api';
import { formatPanelDateTime } from '@/lib/format-date';
import { useSyncPolling } from '../api/get-content-source';
import { replaceSource } from '../api/replace-source';
import {
  CONTENT_TEXTS,
  DELIVERY_LABELS,
  SOURCE_KIND_LABELS,
  SYNC_PHASE_LABELS,
  SYNC_STATUS_LABELS,
} from './content-texts';
import { SyncProgress } from './sync-progress';

const SUMMARY_KINDS = ['categories', 'live', 'movies', 'series', 'episodes'] as const;

function SummaryView({ summary, testId }: { summary: SyncSummary; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      {SUMMARY_KINDS.map((kind) => (
        <Text key={kind} size="xs" c="dimmed" data-testid={`${testId}-${kind}`}>
          {SYNC_PHASE_LABELS[kind]}:{' '}
          {CONTENT_TEXTS.summaryLine(summary[kind].added, summary[kind].updated, summary[kind].retired)}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {CONTENT_TEXTS.programmes(summary.epgProgrammes)} · {CONTENT_TEXTS.seconds(summary.seconds)}
      </Text>
    </Stack>
  );
}

interface SourceCardProps {
  source: ContentSource;
  syncing: boolean;
  onSync: (source: ContentSource) => void;
  onEdit: (source: ContentSource) => void;
  onRemove: (source: ContentSource) => void;
}

/**
 * One source: what it is, how it delivers, when it syncs and how the last sync went. While a sync runs,
 * the card asks GET /api/admin/content/sources/:id every second and shows its progress; the answers
 * replace the list's row, so the card shows the result when it ends.
 */
export function SourceCard({ source, syncing, onSync, onEdit, onRemove }: SourceCardProps) {
  const queryClient = useQueryClient();
  const running = source.sync_status === 'running';
  const { data: polled } = useSyncPolling(source.id, running);
  useEffect(() => {
    if (polled) replaceSource(queryClient, polled);
  }, [polled, queryClient]);

  const status = SYNC_STATUS_LABELS[source.sync_status];
  const testId = `content-source-${source.id}`;
  return (
    <Card withBorder padding="md" data-testid="content-source" data-source-id={source.id}>
      <Stack gap="xs">
        {/* On a phone the badges go under the name rather than being cut. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text fw={700} truncate data-testid={`${testId}-name`}>
              {source.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid={`${testId}-url`}>
              {source.url}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color="gray" data-testid={`${testId}-kind`}>
              {SOURCE_KIND_LABELS[source.kind]}
            </Badge>
            <Badge variant="light" color={status.color} data-testid={`${testId}-status`}>
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {CONTENT_TEXTS.delivery}:{' '}
            <b data-testid={`${testId}-delivery`}>{DELIVERY_LABELS[source.delivery_mode]}</b>
          </Text>
          <Text size="sm">
            {CONTENT_TEXTS.schedule}:{' '}
            <b data-testid={`${testId}-interval`}>
              {source.sync_interval_minutes
                ? CONTENT_TEXTS.every(source.sync_interval_minutes)
                : CONTENT_TEXTS.manualOnly}
            </b>
          </Text>
          <Text size="sm">
            {CONTENT_TEXTS.guideOffsetShort}:{' '}
            <b data-testid={`${testId}-guide-offset`}>
              {source.guide_offset_minutes === 0
                ? CONTENT_TEXTS.noGuideOffset
                : formatGuideOffset(source.guide_offset_minutes)}
            </b>
          </Text>
          <Text size="sm">
            {CONTENT_TEXTS.lastSync}:{' '}
            <b data-testid={`${testId}-last-sync`}>
              {source.sync_finished_at ? formatPanelDateTime(source.sync_finished_at) : CONTENT_TEXTS.never}
            </b>
          </Text>
        </Group>
        {source.xmltv_url && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {CONTENT_TEXTS.guide}: {source.xmltv_url}
          </Text>
        )}
        {running ? (
          <SyncProgress progress={source.sync_progress} testId={`${testId}-progress`} />
        ) : source.sync_status === 'failed' && source.sync_error ? (
          <Text size="sm" c="red" role="alert" data-testid={`${testId}-error`}>
            {source.sync_error}
          </Text>
        ) : source.sync_summary ? (
          <SummaryView summary={source.sync_summary} testId={`${testId}-summary`} />
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={syncing}
            disabled={running}
            onClick={() => onSync(source)}
            data-testid={`${testId}-sync`}
          >
            {CONTENT_TEXTS.sync}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} />}
            onClick={() => onEdit(source)}
            data-testid={`${testId}-edit`}
          >
            {CONTENT_TEXTS.edit}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={running}
            onClick={() => onRemove(source)}
            data-testid={`${testId}-remove`}
          >
            {CONTENT_TEXTS.remove}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
