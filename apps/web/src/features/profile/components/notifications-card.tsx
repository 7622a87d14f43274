import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  RESELLER_NOTIFICATION_MESSAGES as MESSAGES,
  resellerNotificationsInputSchema,
  type ResellerNotifications,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { fieldErrorsOf, serverFieldError } from '@/lib/field-errors';
import { copyText } from '@/lib/copy-text';
import { classifySessionFailure } from '@/lib/session-failure';
import { showCopiedToast, showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useNotificationSettings } from '../api/notification-settings';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSaveNotificationSettings } from '../api/save-notification-settings';
import { SettingsCard } from './settings-card';

const TEXTS = {
  title: 'Notificações',
  intro:
    'Receba no seu próprio robô os avisos de clientes vencendo, vencidos, pagamentos e saldo baixo (POST assinado; veja a documentação do webhook).',
  url: 'Endereço do webhook',
  urlHint: 'Vazio: nenhum aviso é enviado.',
  secret: 'Chave de assinatura',
  copy: 'Copiar',
  rotate: 'Gerar nova chave',
  threshold: 'Avisar quando o saldo ficar abaixo de (créditos)',
  thresholdHint: 'Vazio: sem aviso de saldo baixo.',
  save: 'Salvar',
} as const;

type Field = 'webhook_url' | 'low_balance_threshold';
const FIELDS: readonly Field[] = ['webhook_url', 'low_balance_threshold'];

function NotificationsForm({ settings }: { settings: ResellerNotifications }) {
  const save = useSaveNotificationSettings();
  const rotate = useRotateWebhookSecret();
  const [url, setUrl] = useState(settings.webhook_url ?? '');
  const [threshold, setThreshold] = useState(settings.low_balance_threshold?.replace('.', ',') ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = () => {
    const input = { webhook_url: url, low_balance_threshold: threshold };
    const parsed = resellerNotificationsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutateAsync(input).then(
      () => showSuccessToast(MESSAGES.saved),
      (failure: unknown) => {
        const fieldError = serverFieldError(failure, FIELDS);
        if (fieldError) setErrors(fieldError);
      },
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={TEXTS.url}
        description={TEXTS.urlHint}
        placeholder="https://meu-robo.exemplo.com/painel"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={errors.webhook_url}
        data-testid="notifications-url"
      />
      <Group align="flex-end" gap="xs" wrap="wrap">
        <PasswordInput
          label={TEXTS.secret}
          value={settings.webhook_secret}
          readOnly
          style={{ flex: 1, minWidth: 220 }}
          data-testid="notifications-secret"
        />
        <Button
          variant="default"
          onClick={() => void copyText(settings.webhook_secret).then(showCopiedToast, showErrorToast)}
        >
          {TEXTS.copy}
        </Button>
        <Button
          variant="default"
          loading={rotate.isPending}
          onClick={() =>
            rotate.mutateAsync().then(
              () => showSuccessToast(MESSAGES.secretRotated),
              (failure: unknown) => {
                if (!classifySessionFailure(failure)) showErrorToast(failure);
              },
            )
          }
        >
          {TEXTS.rotate}
        </Button>
      </Group>
      <TextInput
        label={TEXTS.threshold}
        description={TEXTS.thresholdHint}
        inputMode="decimal"
        value={threshold}
        onChange={(event) => setThreshold(event.currentTarget.value)}
        error={errors.low_balance_threshold}
        maw={320}
        data-testid="notifications-threshold"
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} data-testid="notifications-save">
          {TEXTS.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** The profile's 'Notificações' (decisions 0170, 0174): the reseller's webhook and low-balance alert. */
export function NotificationsCard() {
  return (
    <SettingsCard
      title={TEXTS.title}
      intro={TEXTS.intro}
      testId="notifications-card"
      query={useNotificationSettings()}
    >
      {(settings) => <NotificationsForm settings={settings} />}
    </SettingsCard>
  );
}
