import { Alert, Button, Group, Loader, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import type { Line } from '@panel/shared/lines/line-api';
import { SETUP_APP_LABELS, type SetupApp } from '@panel/shared/setup-messages/setup-apps';
import { SETUP_MESSAGES } from '@panel/shared/setup-messages/setup-messages-api';
import { whatsAppUrl } from '@panel/shared/setup-messages/whatsapp-url';
import { LoadFailure } from '@/components/load-failure';
import { showCopiedToast, showErrorToast } from '@/lib/toasts';
import { useLineSetupMessages } from '../../api/get-line-setup-messages';
import { copyText } from '@/lib/copy-text';
import { QrCodeImage } from '@/components/qr-code-image';
import { SETUP_TEXTS } from './setup-texts';

interface SetupMessagesPanelProps {
  lineId: Line['id'];
  /** `{testId}` on the block; `{testId}-app`, `-text`, `-copy`, `-phone`, `-send`, `-qr-toggle`, `-qr` inside. */
  testId: string;
}

/**
 * The setup message of each client app that fits the line (docs/product/screens.md#users, decision 0050):
 * choose the app, read the text, copy it or open WhatsApp with it for the line's phone (or one typed here),
 * and show a QR code of the playlist the app loads.
 */
export function SetupMessagesPanel({ lineId, testId }: SetupMessagesPanelProps) {
  const { data, error, isPending, refetch, isRefetching } = useLineSetupMessages(lineId);
  const [chosen, setChosen] = useState<SetupApp | null>(null);
  const [typedPhone, setTypedPhone] = useState('');
  const [qrShown, setQrShown] = useState(false);
  if (error && !data) {
    return (
      <LoadFailure
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        testId={`${testId}-error`}
      />
    );
  }
  if (isPending)
    return <Loader size="sm" aria-label={SETUP_TEXTS.loading} data-testid={`${testId}-loading`} />;
  const message = data.data.find((item) => item.app === chosen) ?? data.data[0];
  if (!message) return <Text size="sm">{SETUP_MESSAGES.noApps}</Text>;
  const phone = data.phone ?? typedPhone;
  const copy = () => copyText(message.text).then(showCopiedToast, showErrorToast);
  return (
    <Stack gap="sm" data-testid={testId}>
      {data.data.length > 1 && (
        <Select
          label={SETUP_TEXTS.app}
          data={data.data.map((item) => ({ value: item.app, label: SETUP_APP_LABELS[item.app] }))}
          value={message.app}
          onChange={(value) => value && setChosen(value as SetupApp)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${testId}-app`}
        />
      )}
      <Textarea
        label={`${SETUP_TEXTS.message} · ${SETUP_APP_LABELS[message.app]}`}
        value={message.text}
        readOnly
        autosize
        minRows={6}
        maxRows={14}
        data-testid={`${testId}-text`}
      />
      {!data.phone && (
        <>
          <Alert color="yellow" p="xs" data-testid={`${testId}-no-phone`}>
            {SETUP_MESSAGES.noPhone}
          </Alert>
          <TextInput
            label={SETUP_TEXTS.phone}
            placeholder={SETUP_TEXTS.phonePlaceholder}
            value={typedPhone}
            onChange={(event) => setTypedPhone(event.currentTarget.value)}
            inputMode="tel"
            data-testid={`${testId}-phone`}
          />
        </>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          {SETUP_TEXTS.copy}
        </Button>
        <Button
          component="a"
          href={whatsAppUrl(phone, message.text)}
          target="_blank"
          rel="noopener noreferrer"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} />}
          data-testid={`${testId}-send`}
        >
          {SETUP_TEXTS.send}
        </Button>
        {message.qr && (
          <Button
            variant="light"
            leftSection={<IconQrcode size={16} />}
            onClick={() => setQrShown((shown) => !shown)}
            data-testid={`${testId}-qr-toggle`}
          >
            {qrShown ? SETUP_TEXTS.hideQr : SETUP_TEXTS.showQr}
          </Button>
        )}
      </Group>
      {message.qr && qrShown && (
        <Stack gap={4} align="center">
          <QrCodeImage value={message.qr} alt={SETUP_TEXTS.qrAlt} testId={`${testId}-qr`} />
          <Text size="xs" c="dimmed" ta="center">
            {SETUP_TEXTS.qrHint}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
