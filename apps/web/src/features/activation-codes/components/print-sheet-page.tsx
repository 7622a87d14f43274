import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatActivationCode } from '@panel/shared/activation-codes/activation-code';
import { QueryBody } from '@/components/query-body';
import { useBatchStock } from '../api/get-batch-stock';
import { batchPath } from './activation-code-paths';
import { CODE_TEXTS as TEXTS } from './activation-code-texts';
import { batchSummary } from './activation-batches-page';
import { CodeQr } from './code-qr';
import classes from './print-sheet.module.css';

/**
 * /activation-codes/:id/print (docs/product/screens.md#activation-codes): every unused code of the batch as
 * a card to cut out, its QR code, the code in groups and how to use it; 'Imprimir' prints the sheet alone.
 */
export function PrintSheetPage({ batchId }: { batchId: number }) {
  const stock = useBatchStock(batchId);
  return (
    <QueryBody
      query={stock}
      testId="sheet"
      isEmpty={(found) => found.codes.length === 0}
      empty={<Text data-testid="sheet-empty">{TEXTS.sheetEmpty}</Text>}
    >
      {({ batch, codes }) => (
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2}>
              {TEXTS.print} · {TEXTS.batchTitle(batch.id)}
            </Title>
            <Group gap="xs">
              <Button component={Link} to={batchPath(batch.id)} variant="default" size="xs">
                {TEXTS.back}
              </Button>
              <Button
                size="xs"
                leftSection={<IconPrinter size={14} />}
                onClick={() => window.print()}
                data-testid="sheet-print"
              >
                {TEXTS.printNow}
              </Button>
            </Group>
          </Group>
          <div className={classes.printable}>
            <div className={classes.sheet} data-testid="sheet">
              {codes.map((code) => (
                <div key={code} className={classes.card} data-testid="sheet-card">
                  <CodeQr value={code} />
                  <div className={classes.code}>{formatActivationCode(code)}</div>
                  <Text size="xs">{batchSummary(batch)}</Text>
                  <Text size="xs">{TEXTS.sheetHint}</Text>
                </div>
              ))}
            </div>
          </div>
        </Stack>
      )}
    </QueryBody>
  );
}
