import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CREDIT_PURCHASE_MAX,
  creditSaleSettingsInputSchema,
  MAX_CREDIT_PACKS,
  type CreditSaleSettings,
} from '@panel/shared/payments/credit-sales';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useSaveCreditSale } from '../api/save-credit-sale';
import { PAYMENT_TEXTS as TEXTS } from './payment-texts';

/** Reais as typed in Brazil ('0,45'); the API takes '0.45'. */
const toInput = (price: string | null) => (price ? price.replace('.', ',') : '');
const fromInput = (text: string) => text.trim().replace(/\./g, '').replace(',', '.');

interface PackRow {
  key: number;
  credits: number | string;
  price: string;
}

/**
 * 'Venda de créditos' on 'Recebimentos' (decision 0183): whether the caller's direct resellers may buy
 * credits by PIX, the price of one credit and up to six packs (a fixed price for an exact quantity). Checked
 * with the shared rules before it is sent; the server answers the same messages on the same fields.
 */
export function CreditSaleCard({ sale }: { sale: CreditSaleSettings }) {
  const [enabled, setEnabled] = useState(sale.enabled);
  const [unitPrice, setUnitPrice] = useState(toInput(sale.unit_price));
  const [nextKey, setNextKey] = useState(sale.packs.length);
  const [packs, setPacks] = useState<PackRow[]>(() =>
    sale.packs.map((pack, key) => ({ key, credits: pack.credits, price: toInput(pack.price) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCreditSale();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      enabled,
      unit_price: unitPrice.trim() === '' ? null : fromInput(unitPrice),
      packs: packs.map((pack) => ({
        credits: typeof pack.credits === 'number' ? pack.credits : Number.NaN,
        price: fromInput(pack.price),
      })),
    };
    const checked = creditSaleSettingsInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path.join('.');
        if (!found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setUnitPrice(toInput(saved.unit_price));
        setPacks(
          saved.packs.map((pack, key) => ({ key, credits: pack.credits, price: toInput(pack.price) })),
        );
        setNextKey(saved.packs.length);
        showSuccessToast(TEXTS.saleSaved);
      },
      onError: (error) => {
        if (classifySessionFailure(error)) return;
        const field = error instanceof ApiError ? error.field : undefined;
        if (field) setErrors({ [field]: mapError(error).message });
        else showErrorToast(error);
      },
    });
  };

  const setPack = (key: number, change: Partial<PackRow>) =>
    setPacks((current) => current.map((pack) => (pack.key === key ? { ...pack, ...change } : pack)));

  return (
    <Card withBorder padding="md" data-testid="credit-sale-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>{TEXTS.saleTitle}</Title>
          <Text size="sm" c="dimmed">
            {TEXTS.saleHint}
          </Text>
          {!sale.payment_account_ready && (
            <Alert color="orange" data-testid="credit-sale-needs-account">
              {TEXTS.saleNeedsAccount}
            </Alert>
          )}
          <Switch
            label={TEXTS.saleEnabled}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
            data-testid="credit-sale-enabled"
          />
          <TextInput
            label={TEXTS.unitPrice}
            inputMode="decimal"
            value={unitPrice}
            error={errors.unit_price}
            onChange={(event) => setUnitPrice(event.currentTarget.value)}
            data-testid="credit-sale-unit-price"
          />
          <Text size="sm" fw={500}>
            {TEXTS.packs}
          </Text>
          <Text size="xs" c="dimmed">
            {TEXTS.packsHint}
          </Text>
          {packs.map((pack, index) => (
            <Group key={pack.key} align="flex-start" gap="xs" wrap="nowrap">
              <NumberInput
                label={TEXTS.packCredits}
                min={1}
                max={CREDIT_PURCHASE_MAX}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator="."
                decimalSeparator=","
                value={pack.credits}
                error={errors[`packs.${index}.credits`]}
                onChange={(value) => setPack(pack.key, { credits: value })}
                style={{ flex: 1 }}
                data-testid={`credit-pack-credits-${index}`}
              />
              <TextInput
                label={TEXTS.packPrice}
                inputMode="decimal"
                value={pack.price}
                error={errors[`packs.${index}.price`]}
                onChange={(event) => setPack(pack.key, { price: event.currentTarget.value })}
                style={{ flex: 1 }}
                data-testid={`credit-pack-price-${index}`}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={TEXTS.removePack}
                onClick={() => setPacks((current) => current.filter((entry) => entry.key !== pack.key))}
                data-testid={`credit-pack-remove-${index}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {errors.packs && (
            <Text size="sm" c="red" data-testid="credit-sale-packs-error">
              {errors.packs}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={packs.length >= MAX_CREDIT_PACKS}
              onClick={() => {
                setPacks((current) => [...current, { key: nextKey, credits: '', price: '' }]);
                setNextKey((key) => key + 1);
              }}
              data-testid="credit-pack-add"
            >
              {TEXTS.addPack}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="credit-sale-save">
              {TEXTS.saveSale}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
