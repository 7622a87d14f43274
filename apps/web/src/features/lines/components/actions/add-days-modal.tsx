import { NativeSelect, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { addDaysSchema, type Line } from '@panel/shared/lines/line-api';
import { lineActions } from '@panel/shared/lines/line-actions';
import { addDaysCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { formatPanelDate } from '@/lib/format-date';
import { DialogActions } from '@/components/dialog-actions';
import { useAddLineDays } from '../../api/add-line-days';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { LINE_TOASTS } from '../line-texts';
import { showLineActionError } from './action-error';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ActionRefused } from './action-refused';
import { ChargedNotice } from './charged-notice';
import { FormError } from './form-error';
import { Dialog } from '@/components/dialog';
import type { LineActionModalProps } from './line-action-modal';
import { PricePreview, previewCents } from './price-preview';
import { useNowSeconds } from './use-now-seconds';
import { usePaidAction } from './use-paid-action';

/** docs/product/rules.md#extension, docs/product/contradictions.md#add-days-range: 1 to 3 days everywhere. */
const DAY_CHOICES = [1, 2, 3] as const;
const DAY_SECONDS = 86_400;

/** Add days (P2P extension, docs/product/rules.md#extension): days / 30 credits, from the later of now and the expiry. */
export function AddDaysModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.addDays} - ${line.username}`}
      testId="add-days-modal"
    >
      {lineActions(line).addDays ? (
        <AddDaysForm line={line} onClose={onClose} />
      ) : (
        <ActionRefused
          color="red"
          message={LINE_MESSAGES.addDaysNotAllowed}
          testId="add-days-refused"
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function AddDaysForm({ line, onClose }: { line: Line; onClose: () => void }) {
  const isAdmin = useIsAdmin();
  const now = useNowSeconds();
  const addDays = useAddLineDays();
  const paid = usePaidAction(LINE_TOASTS.daysAdded, onClose);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(addDaysSchema), defaultValues: { days: 1 } });
  const days = useWatch({ control, name: 'days' });
  const valid = addDaysSchema.safeParse({ days }).success;

  if (paid.outcome)
    return <ChargedNotice result={paid.outcome} testId="add-days-charged" onClose={onClose} />;

  const submit = handleSubmit((input) => {
    const previewed = previewCents(addDaysCents(input.days), isAdmin);
    addDays.mutate(
      { id: line.id, days: input.days },
      {
        onSuccess: paid.settled(previewed),
        onError: (error) => showLineActionError(error, ['days'], setError),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {ACTION_TEXTS.currentExpiry}: <b>{formatPanelDate(line.exp_date)}</b>
        </Text>
        <NativeSelect
          label={ACTION_TEXTS.addDaysLabel}
          description={ACTION_TEXTS.addDaysDescription}
          error={errors.days?.message}
          data-testid="add-days-days"
          data={DAY_CHOICES.map((choice) => ({
            value: String(choice),
            label: ACTION_TEXTS.daysOption(choice),
          }))}
          {...register('days', { valueAsNumber: true })}
        />
        {valid ? (
          <Text size="sm" data-testid="add-days-new-expiry">
            {ACTION_TEXTS.newExpiry}:{' '}
            <b>{formatPanelDate(Math.max(now, line.exp_date) + days * DAY_SECONDS)}</b>
          </Text>
        ) : null}
        <PricePreview cents={valid ? addDaysCents(days) : null} isAdmin={isAdmin} testId="add-days-price" />
        <FormError message={errors.root?.server?.message} testId="add-days-error" />
        <DialogActions
          onCancel={onClose}
          label={ACTION_TEXTS.confirm}
          pending={addDays.isPending}
          testId="add-days-submit"
        />
      </Stack>
    </form>
  );
}
