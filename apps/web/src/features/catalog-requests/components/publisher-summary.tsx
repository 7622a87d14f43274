import { Card, Table, Text, Title } from '@mantine/core';
import type { PublisherSummary as Summary } from '@panel/shared/catalog-requests/catalog-requests-api';
import { formatCount } from '@panel/shared/ui/ui-constants';
import { REQUEST_TEXTS } from './request-texts';

const TEXTS = REQUEST_TEXTS.summary;

/** The admin's publisher summary (docs/product/screens.md#catalog-requests): queue, progress, catalog. */
export function PublisherSummaryTable({ publishers }: { publishers: Summary[] }) {
  return (
    <Card withBorder padding="sm" data-testid="publisher-summary">
      <Title order={4} mb="xs">
        {TEXTS.title}
      </Title>
      {publishers.length === 0 ? (
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
