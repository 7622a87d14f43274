import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import {
  transferResellerSchema,
  type TransferResellerInput,
} from '@panel/shared/resellers/transfer-reseller-schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ResellerSelect } from '@/components/reseller-select/reseller-select';
import { showFormError } from '@/lib/form-server-error';
import { ACTION_DONE_TEXT, showSuccessToast, showWarningToast } from '@/lib/toasts';
import { useTransferReseller } from '../api/transfer-reseller';

export const TRANSFER_TITLE = 'Transferir revenda';

/** The submit warnings of docs/product/rules.md#transfer-form, besides the messages under the inputs. */
export function transferWarning(errors: FieldErrors<TransferResellerInput>): string | undefined {
  if (errors.resellerId) return RESELLER_MESSAGES.resellerMissingOnSubmit;
  if (errors.masterId?.message === RESELLER_MESSAGES.masterRequired)
    return RESELLER_MESSAGES.masterMissingOnSubmit;
  return undefined;
}

const toId = (value: string | null) => (value ? Number(value) : undefined);

/** /admin/transfer (admin only): a reseller and its subtree move under another master, after a confirmation. */
export function TransferPage() {
  const transfer = useTransferReseller();
  const [pending, setPending] = useState<TransferResellerInput | null>(null);
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(transferResellerSchema),
    defaultValues: { resellerId: undefined, masterId: undefined },
  });

  const submit = handleSubmit(setPending, (errors) => {
    const warning = transferWarning(errors);
    if (warning) showWarningToast(warning);
  });

  const confirm = () => {
    if (!pending) return;
    transfer.mutate(pending, {
      onSuccess: () => {
        showSuccessToast(ACTION_DONE_TEXT);
        setPending(null);
        reset();
      },
      onError: (error) => {
        setPending(null);
        showFormError(error, ['resellerId', 'masterId'], setError);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Title order={2}>{TRANSFER_TITLE}</Title>
      <Card withBorder radius="md" p="lg" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              O revenda é movido com todos os seus sub-revendas e usuários para o novo master.
            </Text>
            <Controller
              control={control}
              name="resellerId"
              render={({ field, fieldState }) => (
                <ResellerSelect
                  label="Revenda"
                  placeholder="Buscar revenda"
                  valueKind="id"
                  value={field.value ? String(field.value) : null}
                  onChange={(value) => field.onChange(toId(value))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  testId="transfer-reseller"
                />
              )}
            />
            <Controller
              control={control}
              name="masterId"
              render={({ field, fieldState }) => (
                <ResellerSelect
                  label="Novo master"
                  placeholder="Buscar master"
                  valueKind="id"
                  value={field.value ? String(field.value) : null}
                  onChange={(value) => field.onChange(toId(value))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  testId="transfer-master"
                />
              )}
            />
            <Button type="submit" loading={transfer.isPending} data-testid="transfer-submit">
              Transferir
            </Button>
          </Stack>
        </form>
      </Card>
      <ConfirmDialog
        opened={pending !== null}
        title={TRANSFER_TITLE}
        message={RESELLER_MESSAGES.transferConfirm}
        confirmLabel="Transferir"
        loading={transfer.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        testId="transfer-confirm"
      />
    </Stack>
  );
}
