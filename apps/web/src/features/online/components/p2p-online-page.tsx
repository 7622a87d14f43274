import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { P2pOnlineSession } from '@panel/shared/online/online-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import { ListLayout } from '@/components/data-table/list-layout';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useP2pOnline } from '../api/list-p2p-online';
import { P2P_COLUMNS, playerText } from './online-columns';
import { ONLINE_TEXTS } from './online-texts';

/** A session matches when any shown text contains the search (case and accents as typed are ignored). */
export function matchesSearch(row: P2pOnlineSession, search: string): boolean {
  const needle = fold(search.trim());
  if (!needle) return true;
  return [row.username, row.channel_name, row.external_ip ?? '', playerText(row)].some((value) =>
    fold(value).includes(needle),
  );
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * /users/p2p/connections (docs/product/screens.md#online-users): the P2P viewers of the subtree, filtered
 * in the browser by the 'Busca...' box.
 */
export function P2pOnlinePage({ profile }: { profile: Profile }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const [search, setSearch] = useState('');
  const { data, isFetching, error, refetch } = useP2pOnline();
  const rows = useMemo(() => data?.data.filter((row) => matchesSearch(row, search)), [data, search]);

  return (
    <ListLayout
      title={ONLINE_TEXTS.p2pTitle}
      testId="online-p2p"
      filters={
        <TextInput
          placeholder={ONLINE_TEXTS.search}
          aria-label={ONLINE_TEXTS.search}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
          data-testid="p2p-search"
        />
      }
    >
      <DataTable
        testId="online-p2p-table"
        ariaLabel={ONLINE_TEXTS.p2pTitle}
        columns={P2P_COLUMNS}
        rows={rows}
        rowKey={(row) => `${row.username}|${row.channel_name}|${row.external_ip}|${row.duration}`}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        minWidth={640}
      />
    </ListLayout>
  );
}
