import { Anchor, Badge, Button, Group, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { BULK_OUTCOME_LABELS, type BulkOutcome, type BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { formatCredits } from '@panel/shared/money/credits';
import { showErrorToast } from '@/lib/toasts';
import { downloadBulkResult } from '../../api/download-bulk-result';
import { BULK_TEXTS } from './bulk-texts';

const OUTCOME_COLORS: Record<BulkOutcome, string> = {
  done: 'green',
  refused: 'red',
  cancelled: 'gray',
  pending: 'gray',
};

// Refusals first: they are what the reseller has to read.
const ORDER: Record<BulkOutcome, number> = { refused: 0, cancelled: 1, pending: 2, done: 3 };

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What a bulk action did (decision 0154): the counts, each line (refused ones first, with why) and the CSV. */
export function BulkResultView({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const lines = [...result.lines].sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome]);
  const download = () => {
    setDownloading(true);
    downloadBulkResult(result.id)
      .catch(showErrorToast)
      .finally(() => setDownloading(false));
  };
  return (
    <Stack gap="sm" data-testid="bulk-result">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        <Figure label={BULK_TEXTS.summaryDone} value={String(result.done)} testId="bulk-result-done" />
        <Figure
          label={BULK_TEXTS.summaryRefused}
          value={String(result.refused)}
          testId="bulk-result-refused"
        />
        <Figure
          label={BULK_TEXTS.summaryCancelled}
          value={String(result.cancelled)}
          testId="bulk-result-cancelled"
        />
        <Figure
          label={BULK_TEXTS.summaryCharged}
          value={formatCredits(result.charged)}
          testId="bulk-result-charged"
        />
      </SimpleGrid>
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={4} data-testid="bulk-result-lines">
          {lines.map((line) => (
            <Group
              key={line.line_id}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              data-testid="bulk-result-line"
            >
              <Badge color={OUTCOME_COLORS[line.outcome]} variant="light" style={{ flexShrink: 0 }}>
                {BULK_OUTCOME_LABELS[line.outcome]}
              </Badge>
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                  {line.username ?? `#${line.line_id}`}
                  {line.charged ? ` · ${formatCredits(line.charged)}` : ''}
                </Text>
                {line.reason && (
                  <Text size="xs" c="dimmed" data-testid="bulk-result-reason">
                    {line.reason}
                  </Text>
                )}
              </Stack>
              {line.link && (
                <Anchor
                  href={line.link}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  data-testid="bulk-result-send"
                >
                  {BULK_TEXTS.send}
                </Anchor>
              )}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={download}
          data-testid="bulk-result-download"
        >
          {BULK_TEXTS.download}
        </Button>
        <Button onClick={onClose} data-testid="bulk-result-close">
          {BULK_TEXTS.close}
        </Button>
      </Group>
    </Stack>
  );
}
