import { ActionIcon, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import {
  COUNTRY_TEXTS,
  divergenceLevel,
  formatDuration,
  P2P_PLAYER_TEXT_MAX,
  type DivergenceLevel,
  type OnlineConnection,
  type P2pOnlineSession,
} from '@panel/shared/online/online-api';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { LazyTooltip } from '@/components/light/lazy-tooltip';
import { LightBadge } from '@/components/light/light-badge';
import { formatIsoDateTime } from '@/lib/format-date';
import { ONLINE_TEXTS } from './online-texts';

/** The spec's divergence colours (Bootstrap names: success, warning, danger) as Mantine colours. */
const DIVERGENCE_COLORS: Record<DivergenceLevel, string> = {
  success: 'teal',
  warning: 'yellow',
  danger: 'red',
};

export function DivergenceBadge({ divergence }: { divergence: number }) {
  const level = divergenceLevel(divergence);
  return (
    <LightBadge color={DIVERGENCE_COLORS[level]} data-level={level} data-testid="divergence-badge">
      {divergence}
    </LightBadge>
  );
}

/**
 * 'País': the connection's country code; without one, why (decision 0074): 'Rede local' for a local-network
 * address, '-' when the country database does not place it, each with its reason in a tooltip (focusable, so a
 * tap shows it on a phone's cards).
 */
function CountryCell({ row }: { row: OnlineConnection }) {
  if (row.geoip_country_code) return <span data-testid="country">{row.geoip_country_code}</span>;
  if (row.geoip_missing === 'local_network') {
    return (
      <LazyTooltip label={COUNTRY_TEXTS.localNetworkHint} withArrow multiline w={280}>
        <LightBadge color="gray" keepCase tabIndex={0} data-testid="country" data-reason="local_network">
          {COUNTRY_TEXTS.localNetwork}
        </LightBadge>
      </LazyTooltip>
    );
  }
  return (
    <LazyTooltip label={COUNTRY_TEXTS.notFoundHint} withArrow multiline w={280}>
      <span tabIndex={0} data-testid="country" data-reason="not_found">
        {COUNTRY_TEXTS.notFound}
      </span>
    </LazyTooltip>
  );
}

/** The columns of /users/iptv/connections (docs/product/screens.md#online-users). */
export function onlineConnectionColumns(
  onDisconnect: (row: OnlineConnection) => void,
  disconnecting: number | null,
): DataTableColumn<OnlineConnection>[] {
  return [
    { id: 'username', header: ONLINE_TEXTS.user, cardPlacement: 'title', cell: (row) => row.username },
    { id: 'master', header: ONLINE_TEXTS.master, cell: (row) => row.master_username },
    {
      id: 'divergence',
      header: ONLINE_TEXTS.divergence,
      cell: (row) => <DivergenceBadge divergence={row.divergence} />,
    },
    {
      id: 'trial',
      header: ONLINE_TEXTS.trial,
      cell: (row) =>
        row.is_trial === 1 ? (
          <LightBadge color="yellow" keepCase data-testid="trial-flag">
            {ONLINE_TEXTS.trialYes}
          </LightBadge>
        ) : (
          ONLINE_TEXTS.trialNo
        ),
    },
    { id: 'country', header: ONLINE_TEXTS.country, cell: (row) => <CountryCell row={row} /> },
    {
      id: 'user-agent',
      header: ONLINE_TEXTS.userAgent,
      cell: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {row.user_agent || '-'}
        </Text>
      ),
    },
    { id: 'watching', header: ONLINE_TEXTS.watching, cell: (row) => row.watching || '-' },
    { id: 'start', header: ONLINE_TEXTS.start, cell: (row) => formatIsoDateTime(row.date_start) },
    {
      id: 'actions',
      header: ONLINE_TEXTS.actions,
      cardPlacement: 'footer',
      stickyEnd: true,
      cell: (row) => (
        <ActionIcon
          variant="light"
          color="red"
          aria-label={`${ONLINE_TEXTS.disconnect} ${row.username}`}
          title={ONLINE_TEXTS.disconnect}
          loading={disconnecting === row.id}
          onClick={() => onDisconnect(row)}
          data-testid="disconnect-button"
        >
          <IconPlugConnectedX size={16} />
        </ActionIcon>
      ),
    },
  ];
}

/** App name and version, as the P2P service reports them. */
export function playerText(row: P2pOnlineSession): string {
  return [row.app_name, row.app_version].filter(Boolean).join(' ');
}

function PlayerCell({ text }: { text: string }) {
  if (text.length <= P2P_PLAYER_TEXT_MAX) return <span data-testid="player-text">{text || '-'}</span>;
  return (
    <LazyTooltip label={text} withArrow>
      <span data-testid="player-text" data-full={text} tabIndex={0}>
        {`${text.slice(0, P2P_PLAYER_TEXT_MAX)}...`}
      </span>
    </LazyTooltip>
  );
}

/** The columns of /users/p2p/connections. */
export const P2P_COLUMNS: DataTableColumn<P2pOnlineSession>[] = [
  { id: 'username', header: ONLINE_TEXTS.user, cardPlacement: 'title', cell: (row) => row.username },
  { id: 'channel', header: ONLINE_TEXTS.channel, cell: (row) => row.channel_name || '-' },
  {
    id: 'duration',
    header: ONLINE_TEXTS.duration,
    cell: (row) => <span data-testid="duration">{formatDuration(row.duration)}</span>,
  },
  { id: 'external-ip', header: ONLINE_TEXTS.externalIp, cell: (row) => row.external_ip ?? '-' },
  { id: 'player', header: ONLINE_TEXTS.player, cell: (row) => <PlayerCell text={playerText(row)} /> },
];
