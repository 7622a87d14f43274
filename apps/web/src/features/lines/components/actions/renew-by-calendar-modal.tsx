import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { renewByCalendarSchema, type Line } from '@panel/shared/lines/line-api';
import { calendarRenewalRefusal } from '@panel/shared/lines/line-actions';
import { renewByCalendarCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { calendarWindow, checkCalendarDate } from '@panel/shared/lines/panel-calendar';
import { formatPanelDate } from '@/lib/format-date';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useRenewLineByCalendar } from '../../api/renew-line-by-calendar';
import { LINE_TOASTS } from '../line-texts';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ChargedNotice, chargedDiffers } from './charged-notice';
import type { LineActionModalProps } from './line-action-modal';
import {
  PaidLineActionDialog,
  type LineActionFormProps,
  type LineActionRefusal,
} from './paid-line-action-dialog';
import { PaidLineActionForm } from './paid-line-action-form';
import { PricePreview, previewCents } from './price-preview';
import { usePaidLineActionForm } from './use-paid-line-action-form';

/** The shared refusal rule (docs/product/rules.md#line-actions), the same the server applies. */
export function calendarRefusal(line: Line, now: number): LineActionRefusal | null {
  const refusal = calendarRenewalRefusal(line, now);
  return refusal ? { color: 'red', ...refusal } : null;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
function showDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The shared schema plus the shared window rule (docs/product/rules.md#calendar-window), with its exact messages. */
function calendarFormSchema(line: Line, now: number) {
  return renewByCalendarSchema.superRefine((value, context) => {
    const check = checkCalendarDate(value.selected_date, line.exp_date, now);
    // An empty or malformed date already got 'Por favor, selecione uma data' from the schema.
    if (!check.ok && check.message !== LINE_MESSAGES.dateRequired) {
      context.addIssue({ code: 'custom', path: ['selected_date'], message: check.message });
    }
  });
}

/** The price of renewing up to `date`, in cents; 0 for a date outside the window. */
function calendarCents(line: Line, date: string, now: number): number {
  const chosen = checkCalendarDate(date, line.exp_date, now);
  return chosen.ok ? renewByCalendarCents(chosen.days, line.max_connections) : 0;
}

/** Renew up to a chosen date (docs/product/rules.md#renewals, docs/product/rules.md#calendar-window): days / 30 × screens, new expiry that day at 23:59:59. */
export function RenewByCalendarModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <PaidLineActionDialog
      line={line}
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.renewByCalendar} - ${line.username}`}
      testIdPrefix="renew-calendar"
      refusal={calendarRefusal}
      form={RenewByCalendarForm}
    />
  );
}

function RenewByCalendarForm({ line, now, onClose }: LineActionFormProps) {
  const isAdmin = useIsAdmin();
  const [schema] = useState(() => calendarFormSchema(line, now));
  const action = usePaidLineActionForm({
    schema,
    mode: 'onChange',
    defaultValues: { selected_date: '' },
    mutation: useRenewLineByCalendar(),
    toVariables: ({ selected_date }) => ({ id: line.id, selectedDate: selected_date }),
    fields: ['selected_date'],
    successToast: LINE_TOASTS.renewed,
    onClose,
    keepOpen: (result, { selected_date }) =>
      chargedDiffers(result, previewCents(calendarCents(line, selected_date, now), isAdmin)),
  });
  const { register, control, formState } = action.form;
  const selected = useWatch({ control, name: 'selected_date' });

  if (action.outcome)
    return <ChargedNotice result={action.outcome} testId="renew-calendar-charged" onClose={onClose} />;

  const range = calendarWindow(line.exp_date, now);
  const check = checkCalendarDate(selected, line.exp_date, now);

  return (
    <PaidLineActionForm action={action} testIdPrefix="renew-calendar" label={ACTION_TEXTS.confirm}>
      <Text size="sm">
        {ACTION_TEXTS.currentExpiry}: <b>{formatPanelDate(line.exp_date)}</b> · {ACTION_TEXTS.screens}:{' '}
        <b>{line.max_connections}</b>
      </Text>
      <TextInput
        type="date"
        label={ACTION_TEXTS.calendarLabel}
        description={ACTION_TEXTS.calendarDescription(showDate(range.min), showDate(range.max))}
        min={range.min}
        max={range.max}
        error={formState.errors.selected_date?.message}
        data-testid="renew-calendar-date"
        {...register('selected_date')}
      />
      {check.ok ? (
        <Text size="sm" data-testid="renew-calendar-days">
          {ACTION_TEXTS.calendarDays(check.days)} · {ACTION_TEXTS.newExpiry}:{' '}
          <b>{formatPanelDate(check.newExpDate)} 23:59</b>
        </Text>
      ) : null}
      <PricePreview
        cents={check.ok ? renewByCalendarCents(check.days, line.max_connections) : null}
        isAdmin={isAdmin}
        testId="renew-calendar-price"
      />
    </PaidLineActionForm>
  );
}
