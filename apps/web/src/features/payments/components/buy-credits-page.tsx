import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCredits } from '@panel/shared/money/credits';
import { creditPurchaseTotal, creditsLabel, type CreditOffer } from '@panel/shared/payments/credit-sales';
import {
  formatReais,
  paymentStateLabel,
  pendingReasonText,
  type Payment,
  type PaymentState,
} from '@panel/shared/payments/payments-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { PixCodeBlock } from '@/components/pix-code-block';
import { QueryBody } from '@/components/query-body';
import { formatIsoDateTime } from '@/lib/format-date';
import { mapError } from '@/lib/map-error';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';
import { useCreditOffer } from '../api/get-credit-offer';
import { useCreditPurchase } from '../api/get-credit-purchase';
import { useCreditPurchases } from '../api/list-credit-purchases';
import { PAYMENT_KEYS } from '../api/payment-keys';
import { useStartCreditPurchase } from '../api/start-credit-purchase';
import { BUY_CREDITS_TEXTS as TEXTS } from './payment-texts';

const STATE_COLORS: Record<PaymentState, string> = {
  pending: 'blue',
  paid: 'green',
  renewal_pending: 'orange',
  expired: 'gray',
  cancelled: 'gray',
  refunded: 'red',
};

function StateBadge({ payment, testId }: { payment: Payment; testId?: string }) {
  return (
    <Badge
      variant="light"
      color={STATE_COLORS[payment.state]}
      style={{ whiteSpace: 'normal', height: 'auto' }}
      data-testid={testId}
    >
      {paymentStateLabel(payment.state, payment.purpose)}
    </Badge>
  );
}

/** The quantity, the packs as shortcuts and the total the server will charge, computed by the shared rule. */
function OrderForm({ offer, onStarted }: { offer: CreditOffer; onStarted: (payment: Payment) => void }) {
  const [credits, setCredits] = useState<number | string>(offer.packs[0]?.credits ?? 100);
  const start = useStartCreditPurchase();
  const quantity = typeof credits === 'number' ? credits : Number.NaN;
  const valid = Number.isInteger(quantity) && quantity >= offer.min && quantity <= offer.max;
  const total = valid ? creditPurchaseTotal(quantity, offer) : null;
  return (
    <Card withBorder padding="md" data-testid="buy-credits-order">
      <Stack gap="sm">
        {offer.seller_username && (
          <Text size="sm" c="dimmed">
            {TEXTS.soldBy(offer.seller_username)}
          </Text>
        )}
        {offer.unit_price && (
          <Text size="sm">
            {TEXTS.unitPrice}: <b data-testid="buy-credits-unit-price">{formatReais(offer.unit_price)}</b>
          </Text>
        )}
        {offer.packs.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {TEXTS.packs}
            </Text>
            <Group gap="xs">
              {offer.packs.map((pack) => (
                <Button
                  key={pack.credits}
                  size="xs"
                  variant={quantity === pack.credits ? 'filled' : 'light'}
                  onClick={() => setCredits(pack.credits)}
                  data-testid={`buy-credits-pack-${pack.credits}`}
                >
                  {`${creditsLabel(pack.credits)} - ${formatReais(pack.price)}`}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        <NumberInput
          label={TEXTS.quantity}
          description={TEXTS.quantityHint(offer.min, offer.max)}
          min={offer.min}
          max={offer.max}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          value={credits}
          onChange={setCredits}
          data-testid="buy-credits-quantity"
        />
        <Group justify="space-between">
          <Text size="lg">
            {TEXTS.total}: <b data-testid="buy-credits-total">{total === null ? '-' : formatReais(total)}</b>
          </Text>
          <Button
            disabled={total === null}
            loading={start.isPending}
            onClick={() => start.mutate({ credits: quantity }, { onSuccess: onStarted })}
            data-testid="buy-credits-start"
          >
            {TEXTS.start}
          </Button>
        </Group>
        {start.error && (
          <Alert color="red" data-testid="buy-credits-error">
            {mapError(start.error).message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The purchase on screen: the QR code and 'PIX copia e cola' while it waits, asked again until it is paid. */
function PurchaseView({ id, onNew }: { id: number; onNew: () => void }) {
  const queryClient = useQueryClient();
  const { data: payment } = useCreditPurchase(id);
  const state = payment?.state;
  useEffect(() => {
    if (!state) return;
    // A new state: the history shows it; once paid, the balance in the top bar shows the credits.
    void queryClient.invalidateQueries({ queryKey: PAYMENT_KEYS.creditPurchases, exact: true });
    if (state === 'paid') void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.profile });
  }, [state, queryClient]);
  const paid = state === 'paid';
  if (!payment) return <Loader size="sm" />;
  const waiting = payment.state === 'pending';
  return (
    <Card withBorder padding="md" data-testid="buy-credits-pix">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm">
            {creditsLabel(payment.credits ?? 0)}:{' '}
            <b data-testid="buy-credits-pix-amount">{formatReais(payment.amount)}</b>
          </Text>
          <StateBadge payment={payment} testId="buy-credits-pix-state" />
        </Group>
        {paid && (
          <Alert color="green" data-testid="buy-credits-paid">
            {TEXTS.paid}
          </Alert>
        )}
        {payment.renewal_pending_reason && (
          <Alert color="orange">{pendingReasonText(payment.renewal_pending_reason, payment.purpose)}</Alert>
        )}
        {waiting && payment.pix_code && (
          <>
            <Text size="sm">{TEXTS.payHint}</Text>
            <PixCodeBlock code={payment.pix_code} expiresAt={payment.expires_at} testId="buy-credits" />
            {payment.ticket_url && (
              <Anchor href={payment.ticket_url} target="_blank" rel="noreferrer" size="sm">
                Mercado Pago
              </Anchor>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onNew} data-testid="buy-credits-new">
            {TEXTS.newPurchase}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Minhas compras': the caller's purchases and what became of each. */
function History({ onShow }: { onShow: (id: number) => void }) {
  const purchases = useCreditPurchases();
  return (
    <Card withBorder padding="md" data-testid="buy-credits-history">
      <Stack gap="sm">
        <Title order={4}>{TEXTS.history}</Title>
        <QueryBody
          query={purchases}
          testId="buy-credits-history-body"
          isEmpty={(rows) => rows.length === 0}
          empty={<Text c="dimmed">{TEXTS.empty}</Text>}
          compact
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{TEXTS.date}</Table.Th>
                    <Table.Th ta="right">{TEXTS.credits}</Table.Th>
                    <Table.Th ta="right">{TEXTS.amount}</Table.Th>
                    <Table.Th>{TEXTS.state}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-testid="buy-credits-history-row">
                      <Table.Td>{formatIsoDateTime(row.created_at)}</Table.Td>
                      <Table.Td ta="right">{(row.credits ?? 0).toLocaleString('pt-BR')}</Table.Td>
                      <Table.Td ta="right">{formatReais(row.amount)}</Table.Td>
                      <Table.Td>
                        <Stack gap={2} align="flex-start">
                          <StateBadge payment={row} />
                          {row.state === 'pending' && (
                            <Anchor component="button" size="xs" onClick={() => onShow(row.id)}>
                              {TEXTS.show}
                            </Anchor>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryBody>
      </Stack>
    </Card>
  );
}

/**
 * /buy-credits, 'Comprar créditos' (docs/product/screens.md#buy-credits, decision 0186): a reseller buys
 * whole credits from its parent by PIX, at the parent's price; the credits arrive once the parent's account
 * receives the money.
 */
export function BuyCreditsPage({ profile }: { profile: Profile }) {
  const offer = useCreditOffer();
  const [purchaseId, setPurchaseId] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{TEXTS.title}</Title>
        <Text size="sm">
          {TEXTS.balance}: <b data-testid="buy-credits-balance">{formatCredits(profile.credits)}</b>
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <QueryBody query={offer} testId="buy-credits-offer" isEmpty={() => false} empty={null} compact>
          {(data) =>
            !data.available ? (
              <Alert color="orange" data-testid="buy-credits-unavailable">
                {data.reason}
              </Alert>
            ) : purchaseId !== null ? (
              <PurchaseView id={purchaseId} onNew={() => setPurchaseId(null)} />
            ) : (
              <OrderForm offer={data} onStarted={(payment) => setPurchaseId(payment.id)} />
            )
          }
        </QueryBody>
        <History onShow={setPurchaseId} />
      </SimpleGrid>
    </Stack>
  );
}
