import { Card, Table, Text, Title } from '@mantine/core';
import type { PublisherSummary as Summary } from '@panel/shared/catalog-requests/catalog-requests-api';
import { formatCount } from '@panel/shared/ui/ui-constants';
import { LoadFailure } from '@/components/load-failure';
import { REQUEST_TEXTS } from './request-texts';

const TEXTS = REQUEST_TEXTS.summary;

interface PublisherSummaryProps {
  /** Undefined while it has not loaded (then only a failure shows). */
  publishers: Summary[] | undefined;
  /** Its load failed: said here, once, with 'Tentar novamente' (decision 0068). */
  error?: unknown;
  retrying?: boolean;
  onRetry?: () => void;
}

/** The admin's publisher summary (docs/product/screens.md#catalog-requests): queue, progress, catalog. */
export function PublisherSummaryTable({ publishers, error, retrying, onRetry }: PublisherSummaryProps) {
  return (
    <Card withBorder padding="sm" data-testid="publisher-summary">
      <Title order={4} mb="xs">
        {TEXTS.title}
      </Title>
      {error !== undefined && error !== null && (
        <LoadFailure error={error} onRetry={onRetry} retrying={retrying} testId="publisher-summary-error" />
      )}
      {publishers === undefined ? null : publishers.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="publisher-summary-empty">
          {TEXTS.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{TEXTS.publisher}</Table.Th>
                <Table.Th ta="right">{TEXTS.queue}</Table.Th>
                <Table.Th ta="right">{TEXTS.progress}</Table.Th>
                <Table.Th ta="right">{TEXTS.catalog}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {publishers.map((row) => (
                <Table.Tr key={row.id} data-testid="publisher-summary-row">
                  <Table.Td>{row.username}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.queue)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.progress)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.catalog)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
