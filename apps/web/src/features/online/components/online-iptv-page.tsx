import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CONNECTION_MESSAGES,
  COUNTRY_TEXTS,
  ONLINE_IPTV_PAGE_SIZE,
  type OnlineConnection,
} from '@panel/shared/online/online-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import { ListLayout } from '@/components/data-table/list-layout';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { showSmallToast } from '@/lib/toasts';
import { useDisconnectConnection } from '../api/disconnect-connection';
import { useOnlineConnections } from '../api/list-online-connections';
import { onlineConnectionColumns } from './online-columns';
import { ONLINE_TEXTS } from './online-texts';

/**
 * /users/iptv/connections (docs/product/screens.md#online-users, decision 0046): who is watching in the
 * caller's subtree, 10 a page, newest first. Disconnecting removes the row at once ('Usuário
 * desconectado'); an emptied page is asked again. Countries from the DB-IP database shipped with the panel
 * carry the credit its licence (CC BY 4.0) asks of pages that show them (decision 0074).
 */
export function OnlineIptvPage({ profile }: { profile: Profile }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const [page, setPage] = useState(1);
  const params = { page, per: ONLINE_IPTV_PAGE_SIZE };
  const { data, isFetching, error, refetch } = useOnlineConnections(params);
  const disconnect = useDisconnectConnection(params);
  const [pending, setPending] = useState<number | null>(null);

  const onDisconnect = (row: OnlineConnection) => {
    setPending(row.id);
    disconnect.mutate(row.id, {
      onSuccess: () => showSmallToast(CONNECTION_MESSAGES.disconnected),
      onSettled: () => setPending(null),
    });
  };

  return (
    <ListLayout title={ONLINE_TEXTS.iptvTitle} testId="online-iptv">
      <DataTable
        testId="online-iptv-table"
        ariaLabel={ONLINE_TEXTS.iptvTitle}
        columns={onlineConnectionColumns(onDisconnect, pending)}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        onPageChange={setPage}
        minWidth={900}
      />
      {data?.meta.geoip_source === 'dbip_lite' && (
        <Text size="xs" c="dimmed" ta="right">
          <Anchor
            href={COUNTRY_TEXTS.attributionUrl}
            target="_blank"
            rel="noopener noreferrer"
            inherit
            data-testid="geoip-attribution"
          >
            {COUNTRY_TEXTS.attribution}
          </Anchor>
        </Text>
      )}
    </ListLayout>
  );
}
