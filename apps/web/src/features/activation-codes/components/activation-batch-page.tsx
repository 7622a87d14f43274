import {
  ActionIcon,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatActivationCode } from '@panel/shared/activation-codes/activation-code';
import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import {
  CODE_STATE_FILTER_LABELS,
  CODE_STATE_FILTERS,
  type CodeStateFilter,
} from '@panel/shared/activation-codes/activation-code-state';
import type { ActivationCode, Batch } from '@panel/shared/activation-codes/activation-codes-api';
import { formatCredits } from '@panel/shared/money/credits';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryBody } from '@/components/query-body';
import { paths } from '@/config/paths';
import { copyText } from '@/lib/copy-text';
import { formatIsoDateTime } from '@/lib/format-date';
import { NARROW_VIEWPORT_QUERY } from '@/lib/list-state/use-card-mode';
import { classifySessionFailure } from '@/lib/session-failure';
import { showCopiedToast, showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useCancelCode } from '../api/cancel-code';
import { downloadBatchCsv } from '../api/download-batch-csv';
import { getBatchStock } from '../api/get-batch-stock';
import { useBatch } from '../api/get-batch';
import { useCodes } from '../api/list-codes';
import { batchSheetPath } from './activation-code-paths';
import { CODE_TEXTS as TEXTS } from './activation-code-texts';
import { batchSummary } from './activation-batches-page';
import { CodeStateBadge } from './code-state-badge';

const PER = 50;

function onFailure(error: unknown) {
  if (!classifySessionFailure(error)) showErrorToast(error);
}

async function copy(text: string) {
  try {
    await copyText(text);
    showCopiedToast();
  } catch (error) {
    onFailure(error);
  }
}

function BatchHeader({ batch }: { batch: Batch }) {
  const [exporting, setExporting] = useState(false);
  const copyStock = async () => {
    try {
      const stock = await getBatchStock(batch.id);
      await copy(stock.codes.map(formatActivationCode).join('\n'));
    } catch (error) {
      onFailure(error);
    }
  };
  const exportCsv = () => {
    setExporting(true);
    downloadBatchCsv(batch.id)
      .catch(onFailure)
      .finally(() => setExporting(false));
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={2} data-testid="batch-title">
          {TEXTS.batchTitle(batch.id)}
        </Title>
        <Button component={Link} to={paths.activationCodes} variant="default" size="xs">
          {TEXTS.back}
        </Button>
      </Group>
      <Text size="sm">{batchSummary(batch)}</Text>
      <Text size="sm" c="dimmed">
        {TEXTS.createdAt} {formatIsoDateTime(batch.created_at)} · {TEXTS.perCode(batch.unit_price)} ·{' '}
        {TEXTS.price} {formatCredits(batch.total_price)}
        {batch.note ? ` · ${batch.note}` : ''}
      </Text>
      <Text size="sm" data-testid="batch-counts">
        {TEXTS.inStock}: {batch.in_stock} · {TEXTS.used}: {batch.used} · {TEXTS.cancelled}: {batch.cancelled}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCopy size={14} />}
          disabled={batch.in_stock === 0}
          onClick={() => void copyStock()}
          data-testid="batch-copy-stock"
        >
          {TEXTS.copyStock}
        </Button>
        <Button
          component={Link}
          to={batchSheetPath(batch.id)}
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={14} />}
          data-testid="batch-print"
        >
          {TEXTS.print}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          loading={exporting}
          onClick={exportCsv}
          data-testid="batch-export"
        >
          {TEXTS.exportCsv}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /activation-codes/:id (docs/product/screens.md#activation-codes): a batch and its codes with their state
 * (em estoque, ativado em …, expira em …, bloqueado), filtered by state and digits; copy one or every unused
 * code, the print sheet, the CSV export, and cancelling an unused code (its price comes back once).
 */
export function ActivationBatchPage({ batchId }: { batchId: number }) {
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, false, { getInitialValueInEffect: false });
  const batch = useBatch(batchId);
  const [state, setState] = useState<CodeStateFilter | undefined>();
  const [search, setSearch] = useState('');
  const [digits] = useDebouncedValue(search.replace(/\D/g, ''), 300);
  const [page, setPage] = useState(1);
  const codes = useCodes({ page, per: PER, batch: batchId, state, search: digits || undefined });
  const cancel = useCancelCode();
  const [cancelling, setCancelling] = useState<ActivationCode | null>(null);

  const confirmCancel = (code: ActivationCode) =>
    cancel.mutate(code.id, {
      onSuccess: (result) => {
        showSuccessToast(TEXTS.refunded(result.refunded));
        setCancelling(null);
      },
      onError: (error) => {
        setCancelling(null);
        onFailure(error);
      },
    });

  const actions = (code: ActivationCode) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={TEXTS.copy}
        title={TEXTS.copy}
        onClick={() => void copy(code.code)}
        data-testid={`code-${code.id}-copy`}
      >
        <IconCopy size={16} />
      </ActionIcon>
      {code.state === 'stock' && (
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          onClick={() => setCancelling(code)}
          data-testid={`code-${code.id}-cancel`}
        >
          {TEXTS.cancel}
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <QueryBody query={batch} testId="batch" isEmpty={() => false} empty={null}>
        {(found) => <BatchHeader batch={found} />}
      </QueryBody>
      <Group gap="sm" align="flex-end">
        <Select
          label={TEXTS.state}
          data={[
            { value: '', label: TEXTS.allStates },
            ...CODE_STATE_FILTERS.map((value) => ({ value, label: CODE_STATE_FILTER_LABELS[value] })),
          ]}
          value={state ?? ''}
          onChange={(value) => {
            setState(value ? (value as CodeStateFilter) : undefined);
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
          data-testid="codes-state-filter"
        />
        <TextInput
          label={TEXTS.code}
          placeholder={TEXTS.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          inputMode="numeric"
          w={240}
          data-testid="codes-filter-search"
        />
      </Group>
      <QueryBody
        query={codes}
        testId="codes"
        isEmpty={(list) => list.data.length === 0}
        empty={
          <Text ta="center" py="lg" data-testid="codes-empty">
            {ACTIVATION_CODE_MESSAGES.noCodes}
          </Text>
        }
      >
        {(list) => (
          <Stack gap="sm">
            {narrow ? (
              <Stack gap="sm" data-testid="codes-cards">
                {list.data.map((code) => (
                  <Card key={code.id} withBorder padding="sm" data-testid="code-row">
                    <Stack gap={6}>
                      <Text ff="monospace" fw={600}>
                        {formatActivationCode(code.code)}
                      </Text>
                      <CodeStateBadge code={code} />
                      {actions(code)}
                    </Stack>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table striped verticalSpacing="xs" data-testid="codes-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{TEXTS.code}</Table.Th>
                    <Table.Th>{TEXTS.state}</Table.Th>
                    <Table.Th>{TEXTS.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.map((code) => (
                    <Table.Tr key={code.id} data-testid="code-row">
                      <Table.Td>
                        <Text ff="monospace" fw={600} data-testid={`code-${code.id}-code`}>
                          {formatActivationCode(code.code)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <CodeStateBadge code={code} />
                      </Table.Td>
                      <Table.Td>{actions(code)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {list.meta.pages > 1 && (
              <Group justify="flex-end">
                <Pagination total={list.meta.pages} value={page} onChange={setPage} size="sm" />
              </Group>
            )}
          </Stack>
        )}
      </QueryBody>
      {cancelling && (
        <ConfirmDialog
          opened
          title={TEXTS.cancelTitle}
          message={TEXTS.cancelConfirm(
            formatActivationCode(cancelling.code),
            batch.data?.unit_price ?? '0.00',
          )}
          confirmLabel={TEXTS.cancel}
          confirmColor="red"
          loading={cancel.isPending}
          onConfirm={() => confirmCancel(cancelling)}
          onCancel={() => setCancelling(null)}
          testId="code-cancel"
        />
      )}
    </Stack>
  );
}
