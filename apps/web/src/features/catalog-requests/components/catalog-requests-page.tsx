import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CATALOG_REQUEST_MESSAGES,
  type CatalogRequest,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { ListLayout } from '@/components/data-table/list-layout';
import { lazyModal } from '@/components/lazy-modal';
import { paths } from '@/config/paths';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useDeleteCatalogRequest } from '../api/catalog-request-mutations';
import { useCatalogRequestList } from '../api/list-catalog-requests';
import { usePublishers } from '../api/list-publishers';
import { catalogRequestColumns, type CatalogRequestSortField } from './catalog-request-columns';
import {
  CatalogRequestFiltersBar,
  DEFAULT_REQUEST_FILTERS,
  type CatalogRequestFilters,
} from './catalog-request-filters';
import { PublisherSummaryTable } from './publisher-summary';
import { REQUEST_TEXTS as TEXTS } from './request-texts';

const NewRequestModal = lazyModal(() => import('./new-request-modal').then((m) => m.NewRequestModal));
const EditRequestModal = lazyModal(() => import('./edit-request-modal').then((m) => m.EditRequestModal));

interface Props {
  profile: Profile;
  /** /requests/catalog/create: the list with the new-request modal open. */
  createOnOpen?: boolean;
}

/**
 * /requests/catalog (docs/product/screens.md#catalog-requests, decision 0055): the requests the caller may
 * see, with the admin's count and publisher columns and publisher summary; admins and publishers edit,
 * resellers only read. Filters persist per account.
 */
export function CatalogRequestsPage({ profile, createOnOpen = false }: Props) {
  const isAdmin = profile.type === 'admin';
  const canEdit = profile.type !== 'reseller';
  const cardMode = useCardMode(profile.mobile_table_mode);
  const list = useListState<CatalogRequestFilters, CatalogRequestSortField>({
    storageKey: `catalog-requests:${profile.id}`,
    defaultFilters: DEFAULT_REQUEST_FILTERS,
  });
  const { filters } = list;
  const { data, isFetching, error, refetch } = useCatalogRequestList({
    ...list.params,
    ...filters,
    publisher_id: isAdmin ? filters.publisher_id : '',
  });
  const publishers = usePublishers(isAdmin);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(createOnOpen);
  const closeNew = () => {
    setCreating(false);
    if (createOnOpen) void navigate(paths.catalogRequests, { replace: true });
  };
  const [editing, setEditing] = useState<CatalogRequest | null>(null);
  const [removing, setRemoving] = useState<CatalogRequest | null>(null);
  const remove = useDeleteCatalogRequest();

  const columns = catalogRequestColumns({
    isAdmin,
    canEdit,
    renderActions: (request) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={TEXTS.edit_action}>
          <ActionIcon
            variant="subtle"
            aria-label={TEXTS.edit_action}
            onClick={() => setEditing(request)}
            data-testid="request-edit-open"
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={TEXTS.remove_action}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={TEXTS.remove_action}
            onClick={() => setRemoving(request)}
            data-testid="request-remove-open"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  });

  return (
    <ListLayout
      title={TEXTS.title}
      testId="catalog-requests"
      newItem={{
        label: TEXTS.newRequest,
        mobileLabel: TEXTS.newRequestShort,
        onClick: () => setCreating(true),
        testId: 'request-new-open',
      }}
      filters={
        <CatalogRequestFiltersBar
          filters={filters}
          onChange={list.setFilters}
          publishers={isAdmin ? (publishers.data ?? []) : undefined}
        />
      }
    >
      <Stack gap="md">
        {isAdmin && (publishers.data || publishers.error) && (
          <PublisherSummaryTable
            publishers={publishers.data}
            error={publishers.error}
            retrying={publishers.isFetching}
            onRetry={() => void publishers.refetch()}
          />
        )}
        <DataTable
          {...list.tableControls}
          testId="requests-table"
          ariaLabel={TEXTS.title}
          columns={columns}
          rows={data?.data}
          rowKey={(row) => row.id}
          fetching={isFetching}
          error={error}
          onRetry={() => void refetch()}
          cardMode={cardMode}
          meta={data?.meta}
          // Within a 1366×768 laptop's 1074 px beside the sidebar (decision 0073).
          minWidth={isAdmin ? 1000 : 900}
        />
      </Stack>
      {creating && <NewRequestModal onClose={closeNew} />}
      {editing && (
        <EditRequestModal
          request={editing}
          publishers={isAdmin ? (publishers.data ?? []) : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          opened
          title={TEXTS.removeTitle}
          message={CATALOG_REQUEST_MESSAGES.removeConfirm}
          confirmLabel={TEXTS.remove}
          confirmColor="red"
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                showSuccessToast(CATALOG_REQUEST_MESSAGES.removed);
                setRemoving(null);
              },
              onError: (failure) => {
                if (!classifySessionFailure(failure)) showErrorToast(failure);
              },
            })
          }
          onCancel={() => setRemoving(null)}
          testId="request-remove"
        />
      )}
    </ListLayout>
  );
}
