import { ActionIcon, Group } from '@mantine/core';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CONTENT_REMOVAL_MESSAGES as MESSAGES,
  CONTENT_REMOVAL_TITLE,
  mediaTypeLabel,
  REMOVAL_STATUS,
  removalStatusLabel,
  type ContentRemoval,
  type ContentRemovalSortField,
} from '@panel/shared/content-removal/content-removal-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { ListLayout } from '@/components/data-table/list-layout';
import { LightBadge } from '@/components/light/light-badge';
import { formatIsoDateTime } from '@/lib/format-date';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useRemovalList } from '../api/list-removals';
import { useRemovePermanently, useRestoreRemoval } from '../api/removal-mutations';
import { DEFAULT_REMOVAL_FILTERS, RemovalFiltersBar, type RemovalFilters } from './content-removal-filters';
import { REMOVAL_TEXTS as TEXTS } from './content-removal-texts';

function StatusBadge({ status }: { status: number }) {
  return (
    <LightBadge
      color={status === REMOVAL_STATUS.queued ? 'yellow' : 'red'}
      keepCase
      data-testid="removal-status"
      data-status={String(status)}
    >
      {removalStatusLabel(status)}
    </LightBadge>
  );
}

/**
 * /catalog/garbage, 'Remoções de Conteúdo' (docs/product/screens.md#content-removal, decision 0056): the
 * queue the analytics screens' trash action fills, newest first. A queued item can be cancelled
 * ('Cancelar exclusão': nothing changed) or removed for good, after a confirmation; then it leaves every
 * line's lists and stays listed with status 'Excluído permanentemente'.
 */
export function ContentRemovalPage({ profile }: { profile: Profile }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const list = useListState<RemovalFilters, ContentRemovalSortField>({
    storageKey: `content-removals:${profile.id}`,
    defaultFilters: DEFAULT_REMOVAL_FILTERS,
  });
  const { filters } = list;
  const { data, isFetching, error, refetch } = useRemovalList({
    ...list.params,
    id: filters.id,
    text_search: filters.title,
    media_type: filters.mediaType,
    reseller: filters.reseller,
    status: filters.status,
  });
  const restore = useRestoreRemoval();
  const remove = useRemovePermanently();
  const [restoring, setRestoring] = useState<number | null>(null);
  const [removing, setRemoving] = useState<ContentRemoval | null>(null);

  const onRestore = (row: ContentRemoval) => {
    setRestoring(row.id);
    restore.mutate(row.id, {
      onSuccess: () => showSuccessToast(MESSAGES.restored),
      onError: showErrorToast,
      onSettled: () => setRestoring(null),
    });
  };
  const onRemove = (row: ContentRemoval) =>
    remove.mutate(row.id, {
      onSuccess: () => showSuccessToast(MESSAGES.removed),
      onError: showErrorToast,
      onSettled: () => setRemoving(null),
    });

  const columns: DataTableColumn<ContentRemoval, ContentRemovalSortField>[] = [
    { id: 'id', header: TEXTS.id, sortField: 'id', cell: (row) => row.id },
    { id: 'title', header: TEXTS.title, cardPlacement: 'title', cell: (row) => row.media_title },
    { id: 'type', header: TEXTS.type, cell: (row) => mediaTypeLabel(row.media_type) },
    {
      id: 'created',
      header: TEXTS.requestedAt,
      sortField: 'created_at',
      cell: (row) => formatIsoDateTime(row.created_at),
    },
    {
      id: 'updated',
      header: TEXTS.updatedAt,
      sortField: 'updated_at',
      cell: (row) => formatIsoDateTime(row.updated_at),
    },
    { id: 'reseller', header: TEXTS.reseller, cell: (row) => row.reseller_username || '-' },
    { id: 'status', header: TEXTS.status, cell: (row) => <StatusBadge status={row.status} /> },
    {
      id: 'actions',
      header: TEXTS.actions,
      cardPlacement: 'footer',
      stickyEnd: true,
      cell: (row) =>
        row.status === REMOVAL_STATUS.queued ? (
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              variant="light"
              aria-label={`${MESSAGES.cancelAction}: ${row.media_title}`}
              title={MESSAGES.cancelAction}
              loading={restoring === row.id}
              onClick={() => onRestore(row)}
              data-testid="removal-cancel"
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={`${MESSAGES.removeAction}: ${row.media_title}`}
              title={MESSAGES.removeAction}
              onClick={() => setRemoving(row)}
              data-testid="removal-remove"
            >
              <IconTrashX size={18} />
            </ActionIcon>
          </Group>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <ListLayout
      title={CONTENT_REMOVAL_TITLE}
      testId="removals"
      filters={<RemovalFiltersBar filters={filters} onChange={list.setFilters} />}
    >
      <DataTable
        {...list.tableControls}
        testId="removals-table"
        ariaLabel={CONTENT_REMOVAL_TITLE}
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        minWidth={960}
      />
      {removing && (
        <ConfirmDialog
          opened
          title={TEXTS.confirmTitle}
          message={MESSAGES.confirmRemoval}
          confirmLabel={MESSAGES.confirmButton}
          confirmColor="red"
          loading={remove.isPending}
          onConfirm={() => onRemove(removing)}
          onCancel={() => setRemoving(null)}
          testId="removal-confirm"
        />
      )}
    </ListLayout>
  );
}
