import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CONTENT_MESSAGES, type ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyModal } from '@/components/lazy-modal';
import { QueryBody } from '@/components/query-body';
import { showSuccessToast } from '@/lib/toasts';
import { useDeleteContentSource } from '../api/delete-content-source';
import { useContentSources } from '../api/list-content-sources';
import { useSyncContentSource } from '../api/sync-content-source';
import { showContentActionError } from './action-error';
import { CONTENT_TEXTS } from './content-texts';
import { SourceCard } from './source-card';

const SourceFormModal = lazyModal(() => import('./source-form-modal').then((m) => m.SourceFormModal));

export type SourceForm = { source?: ContentSource } | null;

interface SourcesPanelProps {
  form: SourceForm;
  onForm: (form: SourceForm) => void;
}

/** The content sources: loading, failed (with retry), empty, or one card each. */
export function SourcesPanel({ form, onForm }: SourcesPanelProps) {
  const sources = useContentSources();
  const sync = useSyncContentSource();
  const remove = useDeleteContentSource();
  const [removing, setRemoving] = useState<ContentSource | null>(null);

  const startSync = (source: ContentSource) =>
    sync.mutate(source.id, {
      onSuccess: () => showSuccessToast(CONTENT_MESSAGES.syncStarted),
      onError: showContentActionError,
    });
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        showSuccessToast(CONTENT_MESSAGES.sourceRemoved);
        setRemoving(null);
      },
      onError: showContentActionError,
    });
  };

  return (
    <>
      <QueryBody
        query={sources}
        testId="content-sources"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Stack align="center" gap={4} py="xl" data-testid="content-sources-empty">
            <Text fw={500}>{CONTENT_TEXTS.empty}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {CONTENT_TEXTS.emptyHint}
            </Text>
          </Stack>
        }
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="content-sources-list">
            {data.map((source) => (
              <SourceCard
                key={source.id}
                source={source}
                syncing={sync.isPending && sync.variables === source.id}
                onSync={startSync}
                onEdit={(chosen) => onForm({ source: chosen })}
                onRemove={setRemoving}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryBody>
      {form && <SourceFormModal source={form.source} onClose={() => onForm(null)} />}
      {removing && (
        <ConfirmDialog
          opened
          title={CONTENT_TEXTS.removeTitle}
          message={CONTENT_TEXTS.removeConfirm(removing.name)}
          confirmLabel={CONTENT_TEXTS.remove}
          confirmColor="red"
          loading={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
          testId="content-source-remove"
        />
      )}
    </>
  );
}
