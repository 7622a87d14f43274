import { NativeSelect, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { addDaysSchema } from '@panel/shared/lines/line-api';
import { lineActions } from '@panel/shared/lines/line-actions';
import { addDaysCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { formatPanelDate } from '@/lib/format-date';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useAddLineDays } from '../../api/add-line-days';
import { LINE_TOASTS } from '../line-texts';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ChargedNotice, chargedDiffers } from './charged-notice';
import type { LineActionModalProps } from './line-action-modal';
import { PaidLineActionDialog, type LineActionFormProps } from './paid-line-action-dialog';
import { PaidLineActionForm } from './paid-line-action-form';
import { PricePreview, previewCents } from './price-preview';
import { usePaidLineActionForm } from './use-paid-line-action-form';

/** docs/product/rules.md#extension, docs/product/contradictions.md#add-days-range: 1 to 3 days everywhere. */
const DAY_CHOICES = [1, 2, 3] as const;
const DAY_SECONDS = 86_400;

/** Add days (P2P extension, docs/product/rules.md#extension): days / 30 credits, from the later of now and the expiry. */
export function AddDaysModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <PaidLineActionDialog
      line={line}
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.addDays} - ${line.username}`}
      testIdPrefix="add-days"
      refusal={(candidate) =>
        lineActions(candidate).addDays ? null : { color: 'red', message: LINE_MESSAGES.addDaysNotAllowed }
      }
      form={AddDaysForm}
    />
  );
}

function AddDaysForm({ line, now, onClose }: LineActionFormProps) {
  const isAdmin = useIsAdmin();
  const action = usePaidLineActionForm({
    schema: addDaysSchema,
    defaultValues: { days: 1 },
    mutation: useAddLineDays(),
    toVariables: ({ days }) => ({ id: line.id, days }),
    fields: ['days'],
    successToast: LINE_TOASTS.daysAdded,
    onClose,
    keepOpen: (result, { days }) => chargedDiffers(result, previewCents(addDaysCents(days), isAdmin)),
  });
  const { register, control, formState } = action.form;
  const days = useWatch({ control, name: 'days' });
  const valid = addDaysSchema.safeParse({ days }).success;

  if (action.outcome)
    return <ChargedNotice result={action.outcome} testId="add-days-charged" onClose={onClose} />;

  return (
    <PaidLineActionForm action={action} testIdPrefix="add-days" label={ACTION_TEXTS.confirm}>
      <Text size="sm">
        {ACTION_TEXTS.currentExpiry}: <b>{formatPanelDate(line.exp_date)}</b>
      </Text>
      <NativeSelect
        label={ACTION_TEXTS.addDaysLabel}
        description={ACTION_TEXTS.addDaysDescription}
        error={formState.errors.days?.message}
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
    </PaidLineActionForm>
  );
}
