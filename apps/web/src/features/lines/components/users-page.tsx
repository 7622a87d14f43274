import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CreateLineResult, Line, LineSortField } from '@panel/shared/lines/line-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import { ListLayout } from '@/components/data-table/list-layout';
import { lazyModal } from '@/components/lazy-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatPanelDate } from '@/lib/format-date';
import { NARROW_VIEWPORT_QUERY, useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { showErrorToast, showSmallToast, showSuccessToast, showWarningToast } from '@/lib/toasts';
import type { CreateLineRequest } from '../api/create-line';
import { useDeleteLine } from '../api/delete-line';
import { useComplements } from '@/lib/queries/complements-query';
import { useLineList } from '../api/list-lines';
import { useResyncLine } from '../api/resync-line';
import { useSetLineExpiryTime } from '../api/set-line-expiry-time';
import { useSetLineStatus } from '../api/set-line-status';
import { LINE_ACTION_MODALS, OFFERED_LINE_ACTIONS } from './line-action-modals';
import { lineColumns } from './line-columns';
import type { ConfirmableAction } from './line-confirm-dialogs';
import { LineFiltersBar, lineFilterParams, type LineFilters } from './line-filters';
import type { LineAction } from '@panel/shared/lines/line-action-labels';
import { LineActionsMenu, LineActionsTrigger } from './line-row-actions';
import { LinesSpreadsheetMenu } from './spreadsheet/lines-spreadsheet-menu';
import { selectionColumn } from './bulk/selection-column';
import { useLineSelection } from './bulk/use-line-selection';
import { bulkFiltersOf, UsersBulkBar } from './bulk/users-bulk-bar';
import { CLEANUP_LABEL, LINE_SMALL_TOASTS, LINE_TOASTS, NEW_USER_LABEL, USERS_TITLE } from './line-texts';
import { useNow } from './use-now';
import { usersListParams, usersListStorage } from './users-list-request';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

/** Navigation state of /users (docs/product/screens.md#create-flow): open the new-user dialog, or open it as a quick test. */
export interface UsersNavigationState {
  openCreate?: boolean;
  quickTest?: boolean;
}

function readNavigationState(state: unknown): { quickTest: boolean } | null {
  if (typeof state !== 'object' || state === null) return null;
  const { openCreate, quickTest } = state as UsersNavigationState;
  if (quickTest) return { quickTest: true };
  if (openCreate) return { quickTest: false };
  return null;
}

// Every dialog is fetched when it opens: the first download of /users is the table (P4).
const CreateLineModal = lazyModal(() => import('./create-line-modal').then((m) => m.CreateLineModal));
const LineCreatedModal = lazyModal(() => import('./line-created-modal').then((m) => m.LineCreatedModal));
const CleanupDialog = lazyModal(() => import('./cleanup-dialog').then((m) => m.CleanupDialog));
const LineConfirmDialog = lazyModal(() => import('./line-confirm-dialogs').then((m) => m.LineConfirmDialog));

const CONFIRMABLE: readonly LineAction[] = ['expiry-2359', 'remove'];

type OpenDialog = { action: LineAction; line: Line } | null;

interface UsersPageProps {
  profile: Profile;
  /** /users/create: the create dialog opens at once; closing it goes back to /users. */
  createOnOpen?: boolean;
}

/** /users (docs/product/screens.md#users): the lines in scope, their filters, row actions, creation and cleanup. */
export function UsersPage({ profile, createOnOpen = false }: UsersPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const isAdmin = profile.type === 'admin';
  const cardMode = useCardMode(profile.mobile_table_mode);
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, false, { getInitialValueInEffect: false });
  const now = useNow();
  const list = useListState<LineFilters, LineSortField>(usersListStorage(profile));
  const listParams = usersListParams(list, cardMode);
  const { data, isFetching, error, refetch } = useLineList(listParams);
  // Bulk actions (decision 0151): the selection lives while the filters and order stay.
  const bulkFilters = bulkFiltersOf(listParams);
  const selection = useLineSelection(JSON.stringify(bulkFilters));
  const { data: complements } = useComplements();

  // The create dialog: from /users/create, or from a navigation state ({ openCreate } / { quickTest }).
  const requested = readNavigationState(location.state);
  const [create, setCreate] = useState<{ quickTest: boolean } | null>(
    () => requested ?? (createOnOpen ? { quickTest: false } : null),
  );
  const [handledKey, setHandledKey] = useState(location.key);
  if (handledKey !== location.key) {
    setHandledKey(location.key);
    if (requested) setCreate(requested);
  }
  const hasRequest = requested !== null;
  useEffect(() => {
    // Handled once: a reload or a "back" must not open the dialog again.
    if (hasRequest) void navigate(location.pathname, { replace: true, state: null });
  }, [hasRequest, navigate, location.pathname]);

  const [created, setCreated] = useState<CreateLineResult | null>(null);
  const [cleanupOpen, setCleanupOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const setStatus = useSetLineStatus();
  const deleteLine = useDeleteLine();
  const setExpiryTime = useSetLineExpiryTime();
  const resync = useResyncLine();

  const packageNames = useMemo(() => {
    const names = new Map<number, string>();
    const groups = complements?.packages;
    for (const pkg of [...(groups?.iptv ?? []), ...(groups?.p2p ?? []), ...(groups?.trial ?? [])]) {
      names.set(pkg.id, pkg.package_name);
    }
    return names;
  }, [complements]);

  const closeCreate = () => {
    setCreate(null);
    if (createOnOpen) void navigate(paths.users, { replace: true });
  };

  const handleCreated = (result: CreateLineResult, request: CreateLineRequest) => {
    closeCreate();
    setCreated(result);
    showSmallToast(request.trial ? LINE_SMALL_TOASTS.trialCreated : LINE_SMALL_TOASTS.created);
  };

  const closeDialog = () => setDialog(null);

  const runResync = (line: Line) =>
    resync.mutate(
      { id: line.id, system: line.system === 2 ? 2 : 3 },
      {
        onSuccess: (result) => {
          const state = result.provisioning;
          // Never pretend: a push that did not go through is a warning with the service's own error.
          if (state && (state.failed > 0 || (state.pending > 0 && state.last_error))) {
            showWarningToast(state.last_error ?? state.message ?? LINE_TOASTS.resynced);
          } else showSuccessToast(LINE_TOASTS.resynced);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 503) showWarningToast(error.message);
          else showErrorToast(error);
        },
      },
    );

  const handleAction = (action: LineAction, line: Line) => {
    switch (action) {
      case 'block':
      case 'unblock':
        setStatus.mutate(
          { id: line.id, blocked: action === 'block' },
          {
            onSuccess: () =>
              showSuccessToast(action === 'block' ? LINE_TOASTS.blocked : LINE_TOASTS.unblocked),
          },
        );
        return;
      case 'resync-p2p':
      case 'resync-hybrid':
        runResync(line);
        return;
      default:
        setDialog({ action, line });
    }
  };

  const confirmDirect = (action: ConfirmableAction, line: Line) => {
    const done = (message: string) => () => {
      showSuccessToast(message);
      closeDialog();
    };
    if (action === 'expiry-2359')
      setExpiryTime.mutate(line.id, { onSuccess: done(LINE_TOASTS.expiryChanged) });
    if (action === 'remove') deleteLine.mutate(line.id, { onSuccess: done(LINE_TOASTS.deleted) });
  };

  const columns = [
    selectionColumn(selection, data?.data.map((line) => line.id) ?? []),
    ...lineColumns({
      isAdmin,
      now,
      packageName: (id) => packageNames.get(id) ?? `Pacote ${id}`,
      renderActions: (line) => <LineActionsTrigger line={line} />,
    }),
  ];

  const ActionModal = dialog ? LINE_ACTION_MODALS[dialog.action] : undefined;
  const confirmable = dialog && CONFIRMABLE.includes(dialog.action) ? dialog : null;

  return (
    <ListLayout
      title={USERS_TITLE}
      testId="users"
      newItem={{
        label: NEW_USER_LABEL,
        mobileLabel: 'Novo',
        onClick: () => setCreate({ quickTest: false }),
        testId: 'new-user-button',
      }}
      actions={
        <>
          <LinesSpreadsheetMenu filters={lineFilterParams(list.filters)} compact={narrow} />
          <Button
            variant="default"
            size={narrow ? 'xs' : 'sm'}
            leftSection={<IconTrash size={narrow ? 14 : 16} />}
            onClick={() => setCleanupOpen(true)}
            data-testid="cleanup-button"
          >
            {CLEANUP_LABEL}
          </Button>
        </>
      }
      filters={<LineFiltersBar filters={list.filters} profile={profile} onChange={list.setFilters} />}
    >
      <UsersBulkBar selection={selection} rows={data?.data} meta={data?.meta} filters={bulkFilters} />
      <LineActionsMenu offered={OFFERED_LINE_ACTIONS} onAction={handleAction}>
        <DataTable
          {...list.tableControls}
          testId="users-table"
          ariaLabel={USERS_TITLE}
          columns={columns}
          rows={data?.data}
          rowKey={(row) => row.id}
          fetching={isFetching}
          error={error}
          onRetry={() => void refetch()}
          cardMode={cardMode}
          cardGroupBy={(line) => formatPanelDate(line.exp_date)}
          meta={data?.meta}
          // Within a 1366×768 laptop's 1074 px beside the sidebar (decision 0073), with the checkboxes.
          minWidth={isAdmin ? 1030 : 930}
        />
      </LineActionsMenu>
      {create && (
        <CreateLineModal
          quickTest={create.quickTest}
          isAdmin={isAdmin}
          caller={profile}
          onClose={closeCreate}
          onCreated={handleCreated}
        />
      )}
      {created && <LineCreatedModal result={created} onClose={() => setCreated(null)} />}
      {cleanupOpen && <CleanupDialog opened onClose={() => setCleanupOpen(false)} />}
      {confirmable && (
        <LineConfirmDialog
          action={confirmable.action as ConfirmableAction}
          line={confirmable.line}
          isAdmin={isAdmin}
          nowSeconds={unixSeconds(now)}
          loading={setExpiryTime.isPending || deleteLine.isPending}
          onConfirm={() => confirmDirect(confirmable.action as ConfirmableAction, confirmable.line)}
          onCancel={closeDialog}
        />
      )}
      {dialog && ActionModal && <ActionModal line={dialog.line} opened onClose={closeDialog} />}
    </ListLayout>
  );
}
