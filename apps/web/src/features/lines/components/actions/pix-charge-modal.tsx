import { Alert, Anchor, Badge, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isSalePackage } from '@panel/shared/catalog/packages';
import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import { renewByPackageCents } from '@panel/shared/lines/line-costs';
import { formatCredits, fromCents, toCents } from '@panel/shared/money/credits';
import {
  formatReais,
  PAYMENT_STATE_LABELS,
  RENEWAL_PENDING_TEXTS,
  type Payment,
} from '@panel/shared/payments/payments-api';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { Dialog } from '@/components/dialog';
import { PixCodeBlock } from '@/components/pix-code-block';
import { DialogActions, DIALOG_TEXTS } from '@/components/dialog-actions';
import { paths } from '@/config/paths';
import { mapError } from '@/lib/map-error';
import { useProfile } from '@/lib/queries/profile-query';
import { showSuccessToast, showWarningToast } from '@/lib/toasts';
import { useConfirmPixPayment } from '../../api/confirm-pix-payment';
import { usePixPrices } from '../../api/get-pix-prices';
import { useStartPixCharge } from '../../api/start-pix-charge';
import { FormError } from './form-error';
import type { LineActionModalProps } from './line-action-modal';

export const PIX_CHARGE_TEXTS = {
  package: 'Pacote',
  customerPrice: 'Valor para o cliente',
  credits: 'Seus créditos na renovação',
  start: 'Gerar cobrança',
  noPrices:
    'Nenhum pacote deste usuário tem preço para o cliente. Defina os preços em Pagamentos › Recebimentos.',
  openSettings: 'Abrir Recebimentos',
  amount: 'Valor',
  state: 'Situação',
  confirm: 'Confirmar recebimento',
  confirmHint: 'PIX estático: confirme quando o valor chegar à sua conta. A renovação é feita na hora.',
  providerHint: 'O Mercado Pago avisa o painel quando o cliente pagar: a renovação é automática.',
  ticket: 'Abrir no Mercado Pago',
  renewed: 'Pagamento confirmado: usuário renovado.',
  loadFailed: 'Não foi possível carregar os preços.',
} as const;

/** The charge once made: its QR code and 'PIX copia e cola', and for a static PIX the receipt's confirmation. */
function ChargeView({ payment, onConfirmed }: { payment: Payment; onConfirmed: (payment: Payment) => void }) {
  const confirm = useConfirmPixPayment();
  const waiting = payment.state === 'pending';
  const onConfirm = () =>
    confirm.mutate(payment.id, {
      onSuccess: (paid) => {
        if (paid.state === 'paid') showSuccessToast(PIX_CHARGE_TEXTS.renewed);
        else if (paid.renewal_pending_reason)
          showWarningToast(RENEWAL_PENDING_TEXTS[paid.renewal_pending_reason]);
        onConfirmed(paid);
      },
    });
  return (
    <Stack gap="sm" align="stretch">
      <Group justify="space-between">
        <Text size="sm">
          {PIX_CHARGE_TEXTS.amount}: <b data-testid="pix-charge-amount">{formatReais(payment.amount)}</b>
        </Text>
        <Badge
          color={payment.state === 'paid' ? 'green' : waiting ? 'blue' : 'orange'}
          data-testid="pix-charge-state"
        >
          {PAYMENT_STATE_LABELS[payment.state]}
        </Badge>
      </Group>
      {payment.renewal_pending_reason && (
        <Alert color="orange" data-testid="pix-charge-pending-reason">
          {RENEWAL_PENDING_TEXTS[payment.renewal_pending_reason]}
        </Alert>
      )}
      {waiting && payment.pix_code && (
        <>
          <PixCodeBlock code={payment.pix_code} expiresAt={payment.expires_at} testId="pix-charge" />
          <Text size="sm">
            {payment.provider === 'static_pix' ? PIX_CHARGE_TEXTS.confirmHint : PIX_CHARGE_TEXTS.providerHint}
          </Text>
          {payment.ticket_url && (
            <Anchor href={payment.ticket_url} target="_blank" rel="noreferrer" size="sm">
              {PIX_CHARGE_TEXTS.ticket}
            </Anchor>
          )}
        </>
      )}
      <FormError
        message={confirm.error ? mapError(confirm.error).message : undefined}
        testId="pix-charge-error"
      />
      {waiting && payment.provider === 'static_pix' && (
        <Group justify="flex-end">
          <Button
            color="green"
            loading={confirm.isPending}
            onClick={onConfirm}
            data-testid="pix-charge-confirm"
          >
            {PIX_CHARGE_TEXTS.confirm}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * 'Cobrar por PIX' (decision 0160): the reseller picks a package its customer price is set for, the panel
 * makes the charge (its own PIX key's BR Code, or its Mercado Pago account's) and shows the QR code and the
 * 'PIX copia e cola'. Only the caller's own lines: the money goes to whoever sells.
 */
export function PixChargeModal({ line, opened, onClose }: LineActionModalProps) {
  const { data: profile } = useProfile();
  const own = profile?.id === line.reseller_id;
  const prices = usePixPrices(opened && own);
  const start = useStartPixCharge();
  const [packageId, setPackageId] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const offered = (prices.data ?? []).filter(
    (entry) =>
      entry.price !== null &&
      isSalePackage({ id: entry.package_id, active: true, is_trial: false }, line.system),
  );
  const chosen = offered.find((entry) => String(entry.package_id) === packageId) ?? offered[0];
  const onStart = () => {
    if (!chosen) return;
    start.mutate({ line_id: line.id, package_id: chosen.package_id }, { onSuccess: setPayment });
  };

  let body;
  if (!own) {
    body = (
      <Alert color="orange" data-testid="pix-charge-not-own">
        {PAYMENT_MESSAGES.notOwnLine}
      </Alert>
    );
  } else if (payment) {
    body = <ChargeView payment={payment} onConfirmed={setPayment} />;
  } else if (prices.isPending) {
    body = <Loader size="sm" />;
  } else if (prices.error) {
    body = <Alert color="red">{PIX_CHARGE_TEXTS.loadFailed}</Alert>;
  } else if (!chosen) {
    body = (
      <Alert color="blue" data-testid="pix-charge-no-prices">
        {PIX_CHARGE_TEXTS.noPrices}{' '}
        <Anchor component={Link} to={paths.payments} size="sm">
          {PIX_CHARGE_TEXTS.openSettings}
        </Anchor>
      </Alert>
    );
  } else {
    const credits = fromCents(renewByPackageCents(toCents(chosen.official_credits), line.max_connections));
    body = (
      <Stack gap="sm">
        <Select
          label={PIX_CHARGE_TEXTS.package}
          data={offered.map((entry) => ({
            value: String(entry.package_id),
            label: `${entry.package_name} - ${formatReais(entry.price ?? '0')}`,
          }))}
          value={String(chosen.package_id)}
          onChange={setPackageId}
          allowDeselect={false}
          data-testid="pix-charge-package"
        />
        <Text size="sm">
          {PIX_CHARGE_TEXTS.customerPrice}: <b>{formatReais(chosen.price ?? '0')}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {PIX_CHARGE_TEXTS.credits}: {formatCredits(credits)}
        </Text>
        <FormError
          message={start.error ? mapError(start.error).message : undefined}
          testId="pix-charge-error"
        />
        <DialogActions
          onCancel={onClose}
          label={PIX_CHARGE_TEXTS.start}
          testId="pix-charge-start"
          pending={start.isPending}
          onConfirm={onStart}
        />
      </Stack>
    );
  }

  return (
    <Dialog
      opened={opened}
      onClose={start.isPending ? () => {} : onClose}
      title={`${LINE_ACTION_LABELS['pix-charge']} - ${line.username}`}
      testId="pix-charge-modal"
    >
      <Stack gap="sm">
        {body}
        {(payment || !own || !chosen) && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="pix-charge-close">
              {DIALOG_TEXTS.close}
            </Button>
          </Group>
        )}
      </Stack>
    </Dialog>
  );
}
