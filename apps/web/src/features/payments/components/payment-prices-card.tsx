import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCredits } from '@panel/shared/money/credits';
import { priceSchema, type PackagePrice } from '@panel/shared/payments/payments-api';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useSavePaymentPrices } from '../api/save-payment-prices';
import { PAYMENT_TEXTS as TEXTS } from './payment-texts';

/** The price input shows reais as typed in Brazil ('25,90'); the API takes '25.90'. */
const toInput = (price: string | null) => (price ? price.replace('.', ',') : '');
const fromInput = (text: string) => text.trim().replace(/\./g, '').replace(',', '.');

/**
 * 'Preços para o cliente' (decision 0161): the customer's price in reais per package a renewal sells; an
 * empty price leaves the package out of 'Cobrar por PIX'. Checked with the shared rule before it is sent.
 */
export function PaymentPricesCard({ prices }: { prices: PackagePrice[] }) {
  const [values, setValues] = useState(
    () => new Map(prices.map((entry) => [entry.package_id, toInput(entry.price)])),
  );
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const save = useSavePaymentPrices();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = new Map<number, string>();
    const input = prices.map((entry) => {
      const text = fromInput(values.get(entry.package_id) ?? '');
      if (text === '') return { package_id: entry.package_id, price: null };
      const checked = priceSchema.safeParse(text);
      if (!checked.success) found.set(entry.package_id, checked.error.issues[0]?.message ?? '');
      return { package_id: entry.package_id, price: text };
    });
    setErrors(found);
    if (found.size > 0) return;
    save.mutate(
      { prices: input },
      {
        onSuccess: (saved) => {
          setValues(new Map(saved.map((entry) => [entry.package_id, toInput(entry.price)])));
          showSuccessToast(TEXTS.pricesSaved);
        },
        onError: showErrorToast,
      },
    );
  };

  return (
    <Card withBorder padding="md" data-testid="payment-prices-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>{TEXTS.pricesTitle}</Title>
          <Text size="sm" c="dimmed">
            {TEXTS.pricesHint}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{TEXTS.package}</Table.Th>
                  <Table.Th ta="right">{TEXTS.credits}</Table.Th>
                  <Table.Th>{TEXTS.price}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {prices.map((entry) => (
                  <Table.Tr key={entry.package_id}>
                    <Table.Td>
                      {entry.package_name}{' '}
                      {entry.p2p && (
                        <Badge size="xs" variant="light">
                          {TEXTS.p2pOnly}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatCredits(entry.official_credits)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        inputMode="decimal"
                        aria-label={`${TEXTS.price} ${entry.package_name}`}
                        value={values.get(entry.package_id) ?? ''}
                        error={errors.get(entry.package_id)}
                        onChange={(event) => {
                          const text = event.currentTarget.value;
                          setValues((current) => new Map(current).set(entry.package_id, text));
                        }}
                        data-testid={`payment-price-${entry.package_id}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="payment-prices-save">
              {TEXTS.savePrices}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
