import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '@panel/shared/profile/profile-schema';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { DataTable } from '@/components/data-table/data-table';
import { ListLayout } from '@/components/data-table/list-layout';
import { paths } from '@/config/paths';
import { NARROW_VIEWPORT_QUERY, useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { ACTION_DONE_TEXT, showSuccessToast } from '@/lib/toasts';
import { useResellerList } from '../api/list-resellers';
import { useSetResellerStatus } from '../api/set-reseller-status';
import { CreditModal } from './credit-modal';
import { EditResellerModal } from './edit-reseller-modal';
import { NewResellerModal } from './new-reseller-modal';
import { RemoveResellerDialog } from './remove-reseller-dialog';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { resellerColumns, type ResellerSortField } from './reseller-columns';
import { defaultResellerFilters, ResellerFiltersBar } from './reseller-filters';
import { ResellerRowActions, type ResellerAction } from './reseller-row-actions';
import { ResellersExportButton } from './resellers-export-button';
import { NEW_RESELLER_LABEL, RESELLERS_TITLE } from './reseller-texts';

type OpenDialog = { kind: 'edit' | 'credits' | 'reset-two-factor' | 'remove'; reseller: Reseller } | null;

interface ResellersPageProps {
  profile: Profile;
  /** /resellers/create: the new-reseller modal opens at once; closing it goes back to /resellers. */
  createOnOpen?: boolean;
}

/** /resellers (docs/product/screens.md#resellers): the caller's resellers, their actions and the three modals. */
export function ResellersPage({ profile, createOnOpen = false }: ResellersPageProps) {
  const navigate = useNavigate();
  const isAdmin = profile.type === 'admin';
  const cardMode = useCardMode(profile.mobile_table_mode);
  const list = useListState<ReturnType<typeof defaultResellerFilters>, ResellerSortField>({
    storageKey: `resellers:${profile.id}`,
    defaultFilters: defaultResellerFilters(profile),
  });
  const { filters } = list;
  const filterParams = {
    search: filters.search,
    master: filters.master,
    // Admin-only filters (docs/product/screens.md#resellers): a stored value never applies to a non-admin.
    ...(isAdmin
      ? { id: filters.id, ip: filters.ip, publisher: filters.publisher, requests: filters.requests }
      : {}),
  };
  const { data, isFetching, error, refetch } = useResellerList({ ...list.params, ...filterParams });
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, false, { getInitialValueInEffect: false });
  const [newOpen, setNewOpen] = useState(createOnOpen);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const setStatus = useSetResellerStatus();

  const closeNew = () => {
    setNewOpen(false);
    if (createOnOpen) void navigate(paths.resellers, { replace: true });
  };

  const handleAction = (action: ResellerAction, reseller: Reseller) => {
    switch (action) {
      case 'toggle-status':
        setStatus.mutate(
          { id: reseller.id, blocked: reseller.status === 1 },
          { onSuccess: () => showSuccessToast(ACTION_DONE_TEXT) },
        );
        return;
      case 'logs':
        // Its credit statement: what was done to it ('Alvo'); 'Revendedor' is who acted (decision 0027).
        void navigate(`${paths.resellersLogs}?target=${encodeURIComponent(reseller.username)}`);
        return;
      default:
        setDialog({ kind: action, reseller });
    }
  };

  const columns = resellerColumns({
    isAdmin,
    renderActions: (reseller) => (
      <ResellerRowActions
        reseller={reseller}
        rules={{ isAdmin, ownId: profile.id }}
        onAction={handleAction}
      />
    ),
  });

  return (
    <ListLayout
      title={RESELLERS_TITLE}
      testId="resellers"
      newItem={{ label: NEW_RESELLER_LABEL, onClick: () => setNewOpen(true), testId: 'new-reseller-button' }}
      actions={<ResellersExportButton filters={filterParams} compact={narrow} />}
      filters={<ResellerFiltersBar filters={filters} isAdmin={isAdmin} onChange={list.setFilters} />}
    >
      <DataTable
        {...list.tableControls}
        testId="resellers-table"
        ariaLabel={RESELLERS_TITLE}
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        minWidth={isAdmin ? 1000 : 860}
      />
      <NewResellerModal opened={newOpen} onClose={closeNew} />
      {dialog?.kind === 'edit' && (
        <EditResellerModal reseller={dialog.reseller} isAdmin={isAdmin} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'credits' && (
        <CreditModal reseller={dialog.reseller} cardMode={cardMode} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reset-two-factor' && (
        <ResetTwoFactorDialog reseller={dialog.reseller} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveResellerDialog reseller={dialog.reseller} onClose={() => setDialog(null)} />
      )}
    </ListLayout>
  );
}
