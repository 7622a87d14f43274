import { Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { renewByCalendarSchema, type Line } from '@panel/shared/lines/line-api';
import { calendarRenewalRefusal } from '@panel/shared/lines/line-actions';
import { renewByCalendarCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { calendarWindow, checkCalendarDate } from '@panel/shared/lines/panel-calendar';
import { formatPanelDate } from '@/lib/format-date';
import { DialogActions } from '@/components/dialog-actions';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useRenewLineByCalendar } from '../../api/renew-line-by-calendar';
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

/** The shared refusal rule (docs/product/rules.md#line-actions), the same the server applies. */
export function calendarRefusal(line: Line, now: number): { title: string; message: string } | null {
  return calendarRenewalRefusal(line, now);
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

/** Renew up to a chosen date (docs/product/rules.md#renewals, docs/product/rules.md#calendar-window): days / 30 × screens, new expiry that day at 23:59:59. */
export function RenewByCalendarModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.renewByCalendar} - ${line.username}`}
      testId="renew-calendar-modal"
    >
      <RenewByCalendarBody line={line} onClose={onClose} />
    </Dialog>
  );
}

function RenewByCalendarBody({ line, onClose }: { line: Line; onClose: () => void }) {
  const now = useNowSeconds();
  const refusal = calendarRefusal(line, now);
  if (refusal) {
    return (
      <ActionRefused
        color="red"
        title={refusal.title}
        message={refusal.message}
        testId="renew-calendar-refused"
        onClose={onClose}
      />
    );
  }
  return <RenewByCalendarForm line={line} now={now} onClose={onClose} />;
}

function RenewByCalendarForm({ line, now, onClose }: { line: Line; now: number; onClose: () => void }) {
  const isAdmin = useIsAdmin();
  const renew = useRenewLineByCalendar();
  const paid = usePaidAction(LINE_TOASTS.renewed, onClose);
  const [schema] = useState(() => calendarFormSchema(line, now));
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { selected_date: '' } });
  const selected = useWatch({ control, name: 'selected_date' });

  if (paid.outcome)
    return <ChargedNotice result={paid.outcome} testId="renew-calendar-charged" onClose={onClose} />;

  const range = calendarWindow(line.exp_date, now);
  const check = checkCalendarDate(selected, line.exp_date, now);
  const cents = check.ok ? renewByCalendarCents(check.days, line.max_connections) : null;

  const submit = handleSubmit(({ selected_date }) => {
    const chosen = checkCalendarDate(selected_date, line.exp_date, now);
    const previewed = previewCents(
      chosen.ok ? renewByCalendarCents(chosen.days, line.max_connections) : 0,
      isAdmin,
    );
    renew.mutate(
      { id: line.id, selectedDate: selected_date },
      {
        onSuccess: paid.settled(previewed),
        onError: (error) => showLineActionError(error, ['selected_date'], setError),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
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
          error={errors.selected_date?.message}
          data-testid="renew-calendar-date"
          {...register('selected_date')}
        />
        {check.ok ? (
          <Text size="sm" data-testid="renew-calendar-days">
            {ACTION_TEXTS.calendarDays(check.days)} · {ACTION_TEXTS.newExpiry}:{' '}
            <b>{formatPanelDate(check.newExpDate)} 23:59</b>
          </Text>
        ) : null}
        <PricePreview cents={cents} isAdmin={isAdmin} testId="renew-calendar-price" />
        <FormError message={errors.root?.server?.message} testId="renew-calendar-error" />
        <DialogActions
          onCancel={onClose}
          label={ACTION_TEXTS.confirm}
          pending={renew.isPending}
          testId="renew-calendar-submit"
        />
      </Stack>
    </form>
  );
}
