import { Alert, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { hybridTransferSchema } from '@panel/shared/lines/line-api';
import { lineActions } from '@panel/shared/lines/line-actions';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { useTransferLineToHybrid } from '../../api/transfer-line-to-hybrid';
import { LINE_TOASTS } from '../line-texts';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import type { LineActionModalProps } from './line-action-modal';
import { MacField } from './mac-field';
import { NewCredentials } from './new-credentials';
import { PaidLineActionDialog, type LineActionFormProps } from './paid-line-action-dialog';
import { PaidLineActionForm } from './paid-line-action-form';
import { useMacAvailability } from './use-mac-availability';
import { usePaidLineActionForm } from './use-paid-line-action-form';

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
    <PaidLineActionDialog
      line={line}
      opened={opened}
      onClose={onClose}
      title={ACTION_TITLES.hybridTransfer}
      testIdPrefix="hybrid-transfer"
      refusal={(candidate) =>
        lineActions(candidate).hybridTransfer ? null : { color: 'blue', message: LINE_MESSAGES.alreadyHybrid }
      }
      form={HybridTransferForm}
    />
  );
}

function HybridTransferForm({ line, onClose }: LineActionFormProps) {
  const action = usePaidLineActionForm({
    schema: hybridTransferSchema,
    defaultValues: { macaddr: line.macaddr ?? '', full_name: line.full_name ?? '' },
    mutation: useTransferLineToHybrid(),
    toVariables: ({ macaddr, full_name }) => ({
      id: line.id,
      input: full_name ? { macaddr, full_name } : { macaddr },
    }),
    fields: ['macaddr', 'full_name'],
    successToast: LINE_TOASTS.serviceChanged,
    onClose,
    // The new username and password are shown once, with copy buttons.
    keepOpen: () => true,
  });
  const { register, control, formState } = action.form;
  const mac = useWatch({ control, name: 'macaddr' });
  // The line's own MAC counts as free (the server excludes the line itself).
  const macAvailability = useMacAvailability(mac, { userId: line.id });

  if (action.outcome)
    return <NewCredentials line={action.outcome} testIdPrefix="hybrid-transfer" onClose={onClose} />;

  return (
    <PaidLineActionForm
      action={action}
      testIdPrefix="hybrid-transfer"
      label={ACTION_TEXTS.hybridTransferSubmit}
      color="orange"
      // docs/product/rules.md#mac-address: confirm stays disabled until the MAC is valid and free.
      disabled={macAvailability.state !== 'free'}
    >
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
            error={formState.errors.macaddr?.message}
            required
            testId="hybrid-transfer-mac"
          />
        )}
      />
      <TextInput
        label={ACTION_TEXTS.fullNameOptional}
        autoComplete="off"
        error={formState.errors.full_name?.message}
        data-testid="hybrid-transfer-full-name"
        {...register('full_name')}
      />
      <HybridWarning testId="hybrid-transfer-warning" />
    </PaidLineActionForm>
  );
}
