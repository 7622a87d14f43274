import { Text } from '@mantine/core';
import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import type { Line } from '@panel/shared/lines/line-api';
import { renewMonthCents } from '@panel/shared/lines/line-costs';
import { addPanelMonths, expiryAt2359 } from '@panel/shared/lines/panel-calendar';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatPanelDateTime } from '@/lib/format-date';
import { priceText } from './actions/price-preview';
import { PRICE_TEXTS, TRIAL_CONVERSION_TEXTS } from './line-texts';

export type ConfirmableAction = 'renew-month' | 'expiry-2359' | 'remove';

interface LineConfirmDialogProps {
  action: ConfirmableAction;
  line: Line;
  isAdmin: boolean;
  /** Unix seconds the preview is computed against. */
  nowSeconds: number;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const line2 = (text: string, testId: string) => (
  <Text span display="block" mt={6} fw={700} data-testid={testId}>
    {text}
  </Text>
);

/**
 * The confirmations of the row menu's own actions (test ids `line-confirm-{action}`): renew one month
 * with its price (one credit per screen) and new expiry, 23:59 with the new expiry (free), remove.
 */
export function LineConfirmDialog({
  action,
  line,
  isAdmin,
  nowSeconds,
  loading,
  onConfirm,
  onCancel,
}: LineConfirmDialogProps) {
  const common = { opened: true, loading, onConfirm, onCancel, testId: `line-confirm-${action}` };
  switch (action) {
    case 'renew-month': {
      // Renewing a trial converts it into a paid line: the dialog asks for exactly that (decision 0027).
      const trial = line.is_trial === 1;
      return (
        <ConfirmDialog
          {...common}
          title={trial ? TRIAL_CONVERSION_TEXTS.title : LINE_ACTION_LABELS['renew-month']}
          confirmLabel={trial ? TRIAL_CONVERSION_TEXTS.confirm : 'Renovar'}
          message={
            <>
              {trial ? (
                <span data-testid="line-confirm-trial-conversion">
                  O usuário <b>{line.username}</b> {TRIAL_CONVERSION_TEXTS.month}
                </span>
              ) : (
                <>
                  Deseja realmente renovar o usuário <b>{line.username}</b> por 1 mês?
                </>
              )}
              {line2(priceText(renewMonthCents(line.max_connections), isAdmin), 'line-confirm-price')}
              {line2(
                `Novo vencimento: ${formatPanelDateTime(addPanelMonths(Math.max(nowSeconds, line.exp_date), 1))}`,
                'line-confirm-new-expiry',
              )}
            </>
          }
        />
      );
    }
    case 'expiry-2359':
      return (
        <ConfirmDialog
          {...common}
          title="Vencimento às 23:59"
          confirmLabel="Alterar"
          message={
            <>
              Deseja realmente alterar o vencimento do usuário <b>{line.username}</b> para 23:59 do mesmo dia?
              {line2(
                `Novo vencimento: ${formatPanelDateTime(expiryAt2359(line.exp_date))}`,
                'line-confirm-new-expiry',
              )}
              {line2(PRICE_TEXTS.free, 'line-confirm-price')}
            </>
          }
        />
      );
    case 'remove':
      return (
        <ConfirmDialog
          {...common}
          title="Remover usuário"
          confirmLabel="Remover"
          confirmColor="red"
          message={
            <>
              Deseja realmente remover o usuário <b>{line.username}</b>? Esta ação não pode ser desfeita e os
              créditos não são devolvidos.
            </>
          }
        />
      );
  }
}
