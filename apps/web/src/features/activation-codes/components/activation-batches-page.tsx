import { Anchor, Button, Card, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import { formatActivationCode } from '@panel/shared/activation-codes/activation-code';
import type { Batch } from '@panel/shared/activation-codes/activation-codes-api';
import { SYSTEM_LABELS } from '@panel/shared/lines/line-api';
import { formatCredits } from '@panel/shared/money/credits';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { ListLayout } from '@/components/data-table/list-layout';
import { lazyModal } from '@/components/lazy-modal';
import { QueryBody } from '@/components/query-body';
import { NARROW_VIEWPORT_QUERY } from '@/lib/list-state/use-card-mode';
import { formatIsoDateTime } from '@/lib/format-date';
import { useCodes } from '../api/list-codes';
import { useBatches } from '../api/list-batches';
import { CODE_TEXTS as TEXTS } from './activation-code-texts';
import { CodeStateBadge } from './code-state-badge';
import { batchPath } from './activation-code-paths';

const BuyBatchDialog = lazyModal(() => import('./buy-batch-dialog').then((m) => m.BuyBatchDialog));
const PER = 20;

/** 'IPTV · Completo 1 mês · 2 telas' (or the trial's hours). */
export function batchSummary(batch: Batch): string {
  const length = batch.is_trial ? TEXTS.hours(batch.trial_hours ?? 0) : TEXTS.months(batch.months);
  return [
    SYSTEM_LABELS[batch.system],
    batch.package_name ?? `#${batch.package_id}`,
    length,
    TEXTS.screensCount(batch.screens),
  ].join(' · ');
}

/** Codes of every batch containing the digits typed: which batch a customer's code is in, and its state. */
function CodeSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.replace(/\D/g, ''), 300);
  const found = useCodes({ page: 1, per: 10, search: debounced }, debounced.length >= 3);
  return (
    <Stack gap="xs">
      <TextInput
        label={TEXTS.searchCode}
        placeholder={TEXTS.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        inputMode="numeric"
        maw={360}
        data-testid="codes-search"
      />
      {debounced.length >= 3 && found.data && (
        <Stack gap={6} data-testid="codes-search-results">
          {found.data.data.length === 0 && <Text size="sm">{ACTIVATION_CODE_MESSAGES.noCodes}</Text>}
          {found.data.data.map((code) => (
            <Group key={code.id} gap="md" wrap="wrap">
              <Text ff="monospace">{formatActivationCode(code.code)}</Text>
              <CodeStateBadge code={code} />
              <Anchor component={Link} to={batchPath(code.batch_id)} size="sm">
                {TEXTS.batchTitle(code.batch_id)}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /activation-codes (docs/product/screens.md#activation-codes, decisions 0145–0149): the batches of the
 * caller's subtree, newest first, with how many codes are in stock, used and cancelled; 'Comprar códigos';
 * a search of a code across batches.
 */
export function ActivationBatchesPage({ profile }: { profile: Profile }) {
  const isAdmin = profile.type === 'admin';
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, false, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [buying, setBuying] = useState(false);
  const batches = useBatches(page, PER);

  const openLink = (batch: Batch) => (
    <Button
      component={Link}
      to={batchPath(batch.id)}
      size="xs"
      variant="light"
      data-testid={`batch-${batch.id}-open`}
    >
      {TEXTS.open}
    </Button>
  );

  return (
    <ListLayout
      title={TEXTS.title}
      testId="codes"
      newItem={{
        label: TEXTS.buy,
        mobileLabel: TEXTS.buyShort,
        onClick: () => setBuying(true),
        testId: 'codes-buy-open',
      }}
    >
      <Text size="sm" c="dimmed">
        {TEXTS.intro}
      </Text>
      <CodeSearch />
      <QueryBody
        query={batches}
        testId="batches"
        isEmpty={(list) => list.data.length === 0}
        empty={
          <Text ta="center" py="xl" fw={500} data-testid="batches-empty">
            {ACTIVATION_CODE_MESSAGES.empty}
          </Text>
        }
      >
        {(list) => (
          <Stack gap="sm">
            {narrow ? (
              <Stack gap="sm" data-testid="batches-cards">
                {list.data.map((batch) => (
                  <Card key={batch.id} withBorder padding="sm" data-testid="batch-row">
                    <Stack gap={4}>
                      <Text fw={600}>{TEXTS.batchTitle(batch.id)}</Text>
                      <Text size="sm">{batchSummary(batch)}</Text>
                      <Text size="sm">
                        {TEXTS.inStock}: {batch.in_stock} · {TEXTS.used}: {batch.used} · {TEXTS.cancelled}:{' '}
                        {batch.cancelled}
                      </Text>
                      <Text size="sm">
                        {TEXTS.price}: {formatCredits(batch.total_price)}
                      </Text>
                      {batch.note && <Text size="sm">{batch.note}</Text>}
                      {openLink(batch)}
                    </Stack>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="batches-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{TEXTS.batch}</Table.Th>
                    <Table.Th>{TEXTS.package}</Table.Th>
                    <Table.Th>{TEXTS.quantity}</Table.Th>
                    <Table.Th>{TEXTS.inStock}</Table.Th>
                    <Table.Th>{TEXTS.used}</Table.Th>
                    <Table.Th>{TEXTS.cancelled}</Table.Th>
                    <Table.Th>{TEXTS.price}</Table.Th>
                    {isAdmin && <Table.Th>{TEXTS.owner}</Table.Th>}
                    <Table.Th>{TEXTS.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.map((batch) => (
                    <Table.Tr key={batch.id} data-testid="batch-row">
                      <Table.Td>
                        <Text fw={500}>{TEXTS.batchTitle(batch.id)}</Text>
                        <Text size="xs" c="dimmed">
                          {formatIsoDateTime(batch.created_at)}
                        </Text>
                        {batch.note && <Text size="xs">{batch.note}</Text>}
                      </Table.Td>
                      <Table.Td>{batchSummary(batch)}</Table.Td>
                      <Table.Td>{batch.quantity}</Table.Td>
                      <Table.Td data-testid={`batch-${batch.id}-stock`}>{batch.in_stock}</Table.Td>
                      <Table.Td>{batch.used}</Table.Td>
                      <Table.Td>{batch.cancelled}</Table.Td>
                      <Table.Td>{formatCredits(batch.total_price)}</Table.Td>
                      {isAdmin && <Table.Td>{batch.owner_username ?? '-'}</Table.Td>}
                      <Table.Td>{openLink(batch)}</Table.Td>
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
      {buying && (
        <BuyBatchDialog
          isAdmin={isAdmin}
          onClose={() => setBuying(false)}
          onBought={(result) => {
            setBuying(false);
            void navigate(batchPath(result.batch.id));
          }}
        />
      )}
    </ListLayout>
  );
}
