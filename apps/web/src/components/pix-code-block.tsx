import { Button, Code, Group, Text } from '@mantine/core';
import { copyText } from '@/lib/copy-text';
import { formatIsoDateTime } from '@/lib/format-date';
import { showCopiedToast, showErrorToast } from '@/lib/toasts';
import { QrCodeImage } from './qr-code-image';

const TEXTS = {
  pixCode: 'PIX copia e cola',
  copy: 'Copiar',
  expires: 'Válido até',
  qrAlt: 'QR Code do PIX',
} as const;

/**
 * A waiting PIX as the payer needs it: its QR code, 'PIX copia e cola' with 'Copiar', and until when it is
 * valid. Shared by 'Cobrar por PIX' and 'Comprar créditos'; test ids `{testId}-qr`, `{testId}-code`,
 * `{testId}-code-copy`.
 */
export function PixCodeBlock({
  code,
  expiresAt,
  testId,
}: {
  code: string;
  expiresAt: string;
  testId: string;
}) {
  return (
    <>
      <Group justify="center">
        <QrCodeImage value={code} alt={TEXTS.qrAlt} testId={`${testId}-qr`} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{TEXTS.pixCode}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => void copyText(code).then(showCopiedToast, showErrorToast)}
          data-testid={`${testId}-code-copy`}
        >
          {TEXTS.copy}
        </Button>
      </Group>
      {/* 150 characters or more: wrapped anywhere, never wider than its card or dialog. */}
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`${testId}-code`}>
        {code}
      </Code>
      <Text size="sm" c="dimmed">
        {TEXTS.expires}: {formatIsoDateTime(expiresAt)}
      </Text>
    </>
  );
}
