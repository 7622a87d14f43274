import { Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { formatCredits, fromCents, toCents } from '@panel/shared/money/credits';
import { creditChangeSchema, previewCreditsAfterChange } from '@panel/shared/resellers/credit-change-schema';
import { wholeNumberSchema } from '@panel/shared/resellers/reseller-fields';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { showFormError } from '@/lib/form-server-error';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useChangeResellerCredits } from '../api/change-reseller-credits';
import { ResellerLedger } from './reseller-ledger';
import { RESELLER_TOASTS } from './reseller-texts';

// Only for the preview: the same whole-number reading as the schema, without its minimum.
const previewValueSchema = wholeNumberSchema({ missing: '', notNumeric: '' });

/** The total the dialog shows while typing: current balance plus the typed value, floored at 0 (docs/product/rules.md#credit-management). */
export function previewTotal(currentCredits: string, typed: unknown): string {
  const parsed = previewValueSchema.safeParse(typed);
  const value = parsed.success ? parsed.data : 0;
  return formatCredits(fromCents(previewCreditsAfterChange(toCents(currentCredits), value)));
}

interface CreditModalProps {
  reseller: Reseller;
  onClose: () => void;
  /** Cards for the statement on mobile. */
  cardMode?: boolean;
}

/**
 * docs/product/rules.md#credit-management: a whole number with |value| ≥ 10, positive adds, negative removes, the
 * new total previewed. The second tab is the reseller's statement (its ledger rows).
 */
export function CreditModal({ reseller, onClose, cardMode = false }: CreditModalProps) {
  const changeCredits = useChangeResellerCredits();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(creditChangeSchema), defaultValues: { value: '' } });
  const typed = useWatch({ control, name: 'value' });

  const submit = handleSubmit((input) =>
    changeCredits.mutate(
      { id: reseller.id, input },
      {
        onSuccess: () => {
          showSuccessToast(RESELLER_TOASTS.credits);
          onClose();
        },
        onError: (error) => showFormError(error, ['value'], setError),
      },
    ),
  );

  return (
    <Dialog
      onClose={onClose}
      title={`Gerenciar créditos - ${reseller.username}`}
      size="lg"
      testId="credit-modal"
    >
      <Tabs defaultValue="manage" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="manage" data-testid="credit-tab-manage">
            Créditos
          </Tabs.Tab>
          <Tabs.Tab value="ledger" data-testid="credit-tab-ledger">
            Extrato
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="manage">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                Créditos atuais: <b data-testid="credit-current">{formatCredits(reseller.credits)}</b>
              </Text>
              <TextInput
                label="Créditos"
                description="Valores positivos adicionam, negativos removem"
                inputMode="numeric"
                autoComplete="off"
                error={errors.value?.message}
                data-testid="credit-value"
                {...register('value')}
              />
              <Text size="sm">
                Novo total: <b data-testid="credit-new-total">{previewTotal(reseller.credits, typed)}</b>
              </Text>
              <DialogActions
                onCancel={onClose}
                label="Salvar"
                pending={changeCredits.isPending}
                testId="credit-submit"
              />
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="ledger">
          <ResellerLedger resellerId={reseller.id} cardMode={cardMode} />
        </Tabs.Panel>
      </Tabs>
    </Dialog>
  );
}
