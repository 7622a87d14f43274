import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NativeSelect,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BULK_KIND_LABELS,
  type BulkAction,
  type BulkFiltersInput,
  type BulkKind,
  type BulkPreview,
} from '@panel/shared/line-bulk/bulk-api';
import { formatCredits, toCents } from '@panel/shared/money/credits';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ResellerSelect } from '@/components/reseller-select/reseller-select';
import { mapError } from '@/lib/map-error';
import { useComplements } from '@/lib/queries/complements-query';
import { bulkPreviewQueryOptions } from '../../api/preview-bulk-action';
import { BulkResultView } from './bulk-result-view';
import { BULK_TEXTS } from './bulk-texts';
import { useBulkRun } from './use-bulk-run';
import type { LineSelection } from './use-line-selection';

interface BulkActionDialogProps {
  kind: BulkKind;
  selection: LineSelection;
  /** The /users filters and order, for "every line matching the filters". */
  filters: BulkFiltersInput;
  /** `ran`: the action was recorded and run (the selection is spent). */
  onClose: (ran: boolean) => void;
}

interface Parameters {
  packageId: string;
  bouquets: string[];
  resellerId: string | null;
  convertTrial: boolean;
}

/** The action the server gets, or null while a parameter it needs is missing. */
function actionOf(kind: BulkKind, params: Parameters): BulkAction | null {
  switch (kind) {
    case 'renew_month':
      return { kind, convert_trial: params.convertTrial };
    case 'renew_package':
      return params.packageId
        ? { kind, package_id: Number(params.packageId), convert_trial: params.convertTrial }
        : null;
    case 'bouquets':
      return params.bouquets.length > 0 ? { kind, bouquet: params.bouquets.map(Number) } : null;
    case 'move':
      return params.resellerId ? { kind, reseller_id: Number(params.resellerId) } : null;
    default:
      return { kind };
  }
}

/**
 * One bulk action (docs/product/screens.md#users-bulk-actions, decisions 0150–0154): its parameters, then what
 * the server says it takes (how many lines, the total price and the balance) before 'Confirmar', then a
 * progress bar while the panel runs it chunk by chunk, then the result.
 */
export function BulkActionDialog({ kind, selection, filters, onClose }: BulkActionDialogProps) {
  const run = useBulkRun();
  const { state } = run;
  const running = state.phase === 'running';
  return (
    <Dialog
      onClose={running ? () => undefined : () => onClose(state.phase === 'finished')}
      title={BULK_TEXTS.title(BULK_KIND_LABELS[kind])}
      testId="bulk-dialog"
      size="lg"
    >
      {state.phase === 'finished' ? (
        <BulkResultView result={state.result} onClose={() => onClose(true)} />
      ) : state.phase === 'running' ? (
        <BulkRunning
          state={state}
          onStop={run.stop}
          onResume={() => void run.resume()}
          onClose={() => onClose(false)}
        />
      ) : (
        <BulkConfirm
          kind={kind}
          selection={selection}
          filters={filters}
          onCancel={() => onClose(false)}
          onConfirm={(action, lineIds) => void run.start(action, lineIds)}
        />
      )}
    </Dialog>
  );
}

interface BulkConfirmProps extends Omit<BulkActionDialogProps, 'onClose'> {
  onCancel: () => void;
  onConfirm: (action: BulkAction, lineIds: number[]) => void;
}

function BulkConfirm({ kind, selection, filters, onCancel, onConfirm }: BulkConfirmProps) {
  const [params, setParams] = useState<Parameters>({
    packageId: '',
    bouquets: [],
    resellerId: null,
    convertTrial: false,
  });
  const action = actionOf(kind, params);
  const request = action && {
    action,
    selection:
      selection.by === 'filters'
        ? { by: 'filters' as const, filters }
        : { by: 'ids' as const, ids: [...selection.ids] },
  };
  const preview = useQuery({
    // Disabled until the parameters are complete; the placeholder request is never sent.
    ...bulkPreviewQueryOptions(request ?? { action: { kind: 'block' }, selection: { by: 'ids', ids: [] } }),
    enabled: request !== null,
  });
  const data = request ? preview.data : undefined;
  return (
    <Stack gap="sm">
      <BulkParameters
        kind={kind}
        params={params}
        onChange={(change) => setParams({ ...params, ...change })}
      />
      {preview.error ? (
        <Alert color="red" data-testid="bulk-preview-error">
          {mapError(preview.error).message}
        </Alert>
      ) : data ? (
        <PreviewSummary preview={data} />
      ) : request ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{BULK_TEXTS.preparing}</Text>
        </Group>
      ) : null}
      <DialogActions
        onCancel={onCancel}
        label={BULK_TEXTS.confirm(data?.count ?? 0)}
        testId="bulk-confirm"
        pending={false}
        color={kind === 'delete' ? 'red' : undefined}
        disabled={!data || data.count === 0 || preview.isFetching}
        onConfirm={() => action && data && onConfirm(action, data.line_ids)}
      />
    </Stack>
  );
}

function BulkParameters({
  kind,
  params,
  onChange,
}: {
  kind: BulkKind;
  params: Parameters;
  onChange: (change: Partial<Parameters>) => void;
}) {
  const complements = useComplements();
  const renewal = kind === 'renew_month' || kind === 'renew_package';
  if ((kind === 'renew_package' || kind === 'bouquets') && !complements.data) return <Loader size="sm" />;
  const packages = complements.data
    ? [...complements.data.packages.iptv, ...complements.data.packages.p2p].filter(
        (pkg, index, all) => all.findIndex((other) => other.id === pkg.id) === index,
      )
    : [];
  return (
    <>
      {kind === 'renew_package' && (
        <NativeSelect
          label={BULK_TEXTS.package}
          value={params.packageId}
          onChange={(event) => onChange({ packageId: event.currentTarget.value })}
          data={[
            { value: '', label: '' },
            ...packages.map((pkg) => ({ value: String(pkg.id), label: pkg.package_name })),
          ]}
          data-testid="bulk-package"
        />
      )}
      {kind === 'bouquets' && (
        <MultiSelect
          label={BULK_TEXTS.bouquets}
          data={(complements.data?.bouquets ?? []).map((bouquet) => ({
            value: String(bouquet.id),
            label: bouquet.name,
          }))}
          value={params.bouquets}
          onChange={(bouquets) => onChange({ bouquets })}
          searchable
          clearable
          maxDropdownHeight={300}
          data-testid="bulk-bouquets"
        />
      )}
      {kind === 'move' && (
        <ResellerSelect
          label={BULK_TEXTS.reseller}
          valueKind="id"
          value={params.resellerId}
          onChange={(resellerId) => onChange({ resellerId })}
          testId="bulk-reseller"
        />
      )}
      {renewal && (
        <Checkbox
          label={BULK_TEXTS.convertTrials}
          checked={params.convertTrial}
          onChange={(event) => onChange({ convertTrial: event.currentTarget.checked })}
          data-testid="bulk-convert-trials"
        />
      )}
      {kind === 'delete' && <Alert color="red">{BULK_TEXTS.deleteWarning}</Alert>}
      {kind === 'renewal_message' && <Text size="sm">{BULK_TEXTS.messageNote}</Text>}
    </>
  );
}

function PreviewSummary({ preview }: { preview: BulkPreview }) {
  const short = preview.paid && !preview.free && toCents(preview.cost) > toCents(preview.balance);
  return (
    <Stack gap={6} data-testid="bulk-preview">
      <Text size="sm" fw={600} data-testid="bulk-preview-count">
        {BULK_TEXTS.takes(preview.count)}
      </Text>
      {preview.capped && <Alert color="yellow">{BULK_TEXTS.capped}</Alert>}
      {preview.missing > 0 && <Text size="sm">{BULK_TEXTS.missing(preview.missing)}</Text>}
      {preview.paid && (
        <Group gap="lg">
          <Text size="sm">
            {BULK_TEXTS.total}:{' '}
            <Text span fw={700} data-testid="bulk-preview-total">
              {formatCredits(preview.cost)}
            </Text>
            {preview.free ? ` (${BULK_TEXTS.free})` : ''}
          </Text>
          <Text size="sm">
            {BULK_TEXTS.balance}:{' '}
            <Text span fw={700} data-testid="bulk-preview-balance">
              {formatCredits(preview.balance)}
            </Text>
          </Text>
        </Group>
      )}
      {short && <Alert color="yellow">{BULK_TEXTS.short}</Alert>}
      {preview.refusals.length > 0 && (
        <Stack gap={2} data-testid="bulk-preview-refusals">
          <Text size="sm" fw={600}>
            {BULK_TEXTS.foreseen}:
          </Text>
          {preview.refusals.map((refusal) => (
            <Text key={refusal.reason} size="sm">
              {BULK_TEXTS.lines(refusal.count)}: {refusal.reason}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function BulkRunning({
  state,
  onStop,
  onResume,
  onClose,
}: {
  state: Extract<ReturnType<typeof useBulkRun>['state'], { phase: 'running' }>;
  onStop: () => void;
  onResume: () => void;
  /** Only when the action could not even be recorded: nothing was done. */
  onClose: () => void;
}) {
  const progress = state.progress;
  const reached = progress ? progress.done + progress.refused + progress.cancelled : 0;
  const total = progress?.total ?? 0;
  return (
    <Stack gap="sm" data-testid="bulk-running">
      <Progress value={total > 0 ? (reached / total) * 100 : 0} animated={!state.error} size="lg" />
      <Text size="sm" ta="center" data-testid="bulk-running-count">
        {BULK_TEXTS.running(reached, total)}
      </Text>
      {state.error ? (
        <Alert color="red" data-testid="bulk-running-error">
          {mapError(state.error).message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {state.error && state.id !== undefined ? (
          <Button onClick={onResume} data-testid="bulk-resume">
            {BULK_TEXTS.resume}
          </Button>
        ) : null}
        {state.error && state.id === undefined ? (
          <Button variant="default" onClick={onClose} data-testid="bulk-close">
            {BULK_TEXTS.close}
          </Button>
        ) : (
          <Button
            variant="default"
            onClick={onStop}
            disabled={state.id === undefined}
            data-testid="bulk-stop"
          >
            {BULK_TEXTS.stop}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
