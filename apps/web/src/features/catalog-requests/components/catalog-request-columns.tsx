import { Badge, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  CATALOG_REQUEST_ORDER_FIELDS,
  CATALOG_REQUEST_STATUS_LABELS,
  MEDIA_TYPE_LABELS,
  type CatalogRequest,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { formatCount } from '@panel/shared/ui/ui-constants';
import light from '@/components/light/light.module.css';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { formatIsoDateTime } from '@/lib/format-date';
import { REQUEST_TEXTS as TEXTS } from './request-texts';

export type CatalogRequestSortField = (typeof CATALOG_REQUEST_ORDER_FIELDS)[number];

const STATUS_COLORS: Record<CatalogRequest['status'], string> = {
  0: 'gray',
  2: 'yellow',
  3: 'blue',
  1: 'green',
};

export function RequestStatusBadge({ status }: { status: CatalogRequest['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="request-status">
      {CATALOG_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A poster at the metadata service's image host, or a grey box with 'Sem poster'. */
export function Poster({ src, title }: { src: string | null; title: string }) {
  return src ? (
    <Image src={src} alt={title} w={46} h={69} radius="sm" fit="cover" data-testid="request-poster" />
  ) : (
    <Text size="xs" c="dimmed" w={46} ta="center" data-testid="request-no-poster">
      {TEXTS.noPoster}
    </Text>
  );
}

/** YYYY-MM-DD as DD/MM/YYYY; '-' when unknown. */
export function formatReleaseDate(date: string | null): string {
  if (!date) return '-';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The columns of docs/product/screens.md#catalog-requests: the request count and the publisher for admins
 * only, the actions hidden for resellers. So that an admin's list fits a 1366×768 laptop (decision 0073),
 * 'Release' stands under 'Tipo' and 'Atualizado em' under 'Solicitado em', each with its own sort.
 */
export function catalogRequestColumns({
  isAdmin,
  canEdit,
  renderActions,
}: {
  isAdmin: boolean;
  canEdit: boolean;
  renderActions: (request: CatalogRequest) => ReactNode;
}): DataTableColumn<CatalogRequest, CatalogRequestSortField>[] {
  const c = TEXTS.columns;
  return [
    { id: 'tmdb_id', header: c.tmdbId, sortField: 'tmdb_id', cell: (row) => row.tmdb_id },
    {
      id: 'poster',
      header: c.poster,
      cell: (row) => <Poster src={row.media_image} title={row.media_title} />,
    },
    {
      id: 'media_title',
      header: c.title,
      sortField: 'media_title',
      cardPlacement: 'title',
      cell: (row) => (
        <Text span size="sm" fw={600} data-testid="request-title">
          {row.media_title}
        </Text>
      ),
    },
    {
      id: 'media_type',
      header: c.type,
      sortField: 'media_type',
      merged: [
        {
          id: 'media_release_date',
          header: c.release,
          sortField: 'media_release_date',
          cell: (row) => formatReleaseDate(row.media_release_date),
        },
      ],
      cell: (row) => MEDIA_TYPE_LABELS[row.media_type],
    },
    {
      id: 'created_at',
      header: c.requestedAt,
      sortField: 'created_at',
      merged: [
        {
          id: 'updated_at',
          header: c.updatedAt,
          sortField: 'updated_at',
          cell: (row) => formatIsoDateTime(row.updated_at),
        },
      ],
      cell: (row) => formatIsoDateTime(row.created_at),
    },
    {
      id: 'total_requests',
      header: c.totalRequests,
      sortField: 'total_requests',
      hidden: !isAdmin,
      align: 'right',
      cell: (row) => <span data-testid="request-total">{formatCount(row.total_requests ?? 0)}</span>,
    },
    {
      id: 'publisher',
      header: c.publisher,
      hidden: !isAdmin,
      cell: (row) => (
        <span className={light.breakable} data-testid="request-publisher">
          {row.publisher_username ?? '-'}
        </span>
      ),
    },
    {
      id: 'status',
      header: c.status,
      sortField: 'status',
      cell: (row) => <RequestStatusBadge status={row.status} />,
    },
    {
      id: 'actions',
      header: c.actions,
      hidden: !canEdit,
      stickyEnd: true,
      cardPlacement: 'footer',
      cell: renderActions,
    },
  ];
}
