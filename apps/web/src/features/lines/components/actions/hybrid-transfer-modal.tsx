import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { hybridTransferSchema, type Line } from '@panel/shared/lines/line-api';
import { lineActions } from '@panel/shared/lines/line-actions';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useTransferLineToHybrid } from '../../api/transfer-line-to-hybrid';
import { LINE_TOASTS } from '../line-texts';
import { showLineActionError } from './action-error';
import { ActionRefused } from './action-refused';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { FormError } from './form-error';
import { Dialog } from '@/components/dialog';
import type { LineActionModalProps } from './line-action-modal';
import { MacField } from './mac-field';
import { NewCredentials } from './new-credentials';
import { useMacAvailability } from './use-mac-availability';

/** The warning every move to hybrid shows before it is confirmed (docs/product/rules.md#hybrid-transfer: irreversible). */
export function HybridWarning({ testId }: { testId: string }) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={ACTION_TEXTS.hybridWarningTitle}
      data-testid={testId}
    >
      {ACTION_TEXTS.hybridWarning}
    </Alert>
  );
}

/**
 * 'Transferência para sistema Híbrido' (docs/product/rules.md#hybrid-transfer, docs/product/rules.md#mac-address): a free MAC (required, formatted while typing,
 * checked once 12 hex digits are typed), an optional name; irreversible; the line gets a new username
 * and password, shown afterwards with copy buttons. Free of charge.
 */
export function HybridTransferModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={ACTION_TITLES.hybridTransfer}
      testId="hybrid-transfer-modal"
    >
      {lineActions(line).hybridTransfer ? (
        <HybridTransferForm line={line} onClose={onClose} />
      ) : (
        <ActionRefused
          color="blue"
          message={LINE_MESSAGES.alreadyHybrid}
          testId="hybrid-transfer-refused"
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function HybridTransferForm({ line, onClose }: { line: Line; onClose: () => void }) {
  const transfer = useTransferLineToHybrid();
  const [transferred, setTransferred] = useState<Line | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(hybridTransferSchema),
    defaultValues: { macaddr: line.macaddr ?? '', full_name: line.full_name ?? '' },
  });
  const mac = useWatch({ control, name: 'macaddr' });
  // The line's own MAC counts as free (the server excludes the line itself).
  const macAvailability = useMacAvailability(mac, { userId: line.id });

  if (transferred)
    return <NewCredentials line={transferred} testIdPrefix="hybrid-transfer" onClose={onClose} />;

  const submit = handleSubmit(({ macaddr, full_name }) =>
    transfer.mutate(
      { id: line.id, input: full_name ? { macaddr, full_name } : { macaddr } },
      {
        onSuccess: (changed) => {
          showSuccessToast(LINE_TOASTS.serviceChanged);
          setTransferred(changed);
        },
        onError: (error) => showLineActionError(error, ['macaddr', 'full_name'], setError),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {ACTION_TEXTS.username}: <b>{line.username}</b>
        </Text>
        <Controller
          control={control}
          name="macaddr"
          render={({ field }) => (
            <MacField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              availability={macAvailability}
              error={errors.macaddr?.message}
              required
              testId="hybrid-transfer-mac"
            />
          )}
        />
        <TextInput
          label={ACTION_TEXTS.fullNameOptional}
          autoComplete="off"
          error={errors.full_name?.message}
          data-testid="hybrid-transfer-full-name"
          {...register('full_name')}
        />
        <HybridWarning testId="hybrid-transfer-warning" />
        <FormError message={errors.root?.server?.message} testId="hybrid-transfer-error" />
        <DialogActions
          onCancel={onClose}
          label={ACTION_TEXTS.hybridTransferSubmit}
          color="orange"
          pending={transfer.isPending}
          // docs/product/rules.md#mac-address: confirm stays disabled until the MAC is valid and free.
          disabled={macAvailability.state !== 'free'}
          testId="hybrid-transfer-submit"
        />
      </Stack>
    </form>
  );
}
