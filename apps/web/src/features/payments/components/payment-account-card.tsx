import {
  Alert,
  Card,
  Code,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  PAYMENT_ACCOUNT_PROVIDERS,
  PAYMENT_PROVIDER_LABELS,
  paymentSettingsInputSchema,
  type PaymentAccountProvider,
  type PaymentSettings,
} from '@panel/shared/payments/payments-api';
import { Button } from '@mantine/core';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useSavePaymentSettings } from '../api/save-payment-settings';
import { PAYMENT_TEXTS as TEXTS } from './payment-texts';

type Field =
  'pix_key' | 'merchant_name' | 'merchant_city' | 'mercadopago_access_token' | 'mercadopago_webhook_secret';
const FIELDS: readonly string[] = [
  'pix_key',
  'merchant_name',
  'merchant_city',
  'mercadopago_access_token',
  'mercadopago_webhook_secret',
];

/**
 * The payment account of 'Recebimentos' (decision 0161): a static PIX (key, name and city the BR Code
 * carries) or the reseller's own Mercado Pago (access token and webhook secret, never shown again; the
 * address to paste into Mercado Pago's webhook settings).
 */
export function PaymentAccountCard({ settings }: { settings: PaymentSettings }) {
  const [provider, setProvider] = useState<PaymentAccountProvider>(settings.provider);
  const [pixKey, setPixKey] = useState(settings.pix_key ?? '');
  const [name, setName] = useState(settings.merchant_name ?? '');
  const [city, setCity] = useState(settings.merchant_city ?? '');
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSavePaymentSettings();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      provider,
      pix_key: pixKey,
      merchant_name: name,
      merchant_city: city,
      mercadopago_access_token: token,
      mercadopago_webhook_secret: secret,
    };
    const checked = paymentSettingsInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setToken('');
        setSecret('');
        setPixKey(saved.pix_key ?? '');
        setName(saved.merchant_name ?? '');
        setCity(saved.merchant_city ?? '');
        showSuccessToast(TEXTS.saved);
      },
      onError: (error) => {
        if (classifySessionFailure(error)) return;
        const field = error instanceof ApiError ? error.field : undefined;
        if (field && FIELDS.includes(field)) setErrors({ [field as Field]: mapError(error).message });
        else showErrorToast(error);
      },
    });
  };

  return (
    <Card withBorder padding="md" data-testid="payment-account-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>{TEXTS.accountTitle}</Title>
          <Text size="sm" c="dimmed">
            {TEXTS.accountHint}
          </Text>
          <Select
            label={TEXTS.provider}
            data={PAYMENT_ACCOUNT_PROVIDERS.map((value) => ({
              value,
              label: PAYMENT_PROVIDER_LABELS[value],
            }))}
            value={provider}
            allowDeselect={false}
            onChange={(value) => value && setProvider(value as PaymentAccountProvider)}
            data-testid="payment-provider"
          />
          {provider === 'static_pix' && (
            <>
              <TextInput
                label={TEXTS.pixKey}
                value={pixKey}
                onChange={(event) => setPixKey(event.currentTarget.value)}
                error={errors.pix_key}
                data-testid="payment-pix-key"
              />
              <Group grow align="flex-start">
                <TextInput
                  label={TEXTS.merchantName}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  error={errors.merchant_name}
                  data-testid="payment-merchant-name"
                />
                <TextInput
                  label={TEXTS.merchantCity}
                  value={city}
                  onChange={(event) => setCity(event.currentTarget.value)}
                  error={errors.merchant_city}
                  data-testid="payment-merchant-city"
                />
              </Group>
            </>
          )}
          {provider === 'mercadopago' && (
            <>
              <PasswordInput
                label={TEXTS.accessToken}
                placeholder={settings.mercadopago_token_hint ? TEXTS.keepSecret : undefined}
                description={
                  settings.mercadopago_token_hint
                    ? TEXTS.tokenSaved(settings.mercadopago_token_hint)
                    : undefined
                }
                value={token}
                onChange={(event) => setToken(event.currentTarget.value)}
                error={errors.mercadopago_access_token}
                data-testid="payment-mp-token"
              />
              <PasswordInput
                label={TEXTS.webhookSecret}
                placeholder={settings.mercadopago_webhook_secret_set ? TEXTS.keepSecret : undefined}
                value={secret}
                onChange={(event) => setSecret(event.currentTarget.value)}
                error={errors.mercadopago_webhook_secret}
                data-testid="payment-mp-secret"
              />
              <Alert color="blue">
                <Text size="sm">{TEXTS.notificationUrl}</Text>
                <Code block style={{ wordBreak: 'break-all' }} data-testid="payment-notification-url">
                  {settings.notification_url}
                </Code>
              </Alert>
            </>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="payment-account-save">
              {TEXTS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
