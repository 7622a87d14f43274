import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { renewByCalendarSchema, type Line, type LineActionResult } from '@panel/shared/lines/line-api';
import { calendarRenewalRefusal } from '@panel/shared/lines/line-actions';
import { renewByCalendarCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { calendarWindow, checkCalendarDate } from '@panel/shared/lines/panel-calendar';
import { formatPanelDate } from '@/lib/format-date';
import { showSuccessToast } from '@/lib/toasts';
import { useIsAdmin } from '../../api/get-profile-type';
import { useRenewLineByCalendar } from '../../api/renew-line-by-calendar';
import { LINE_TOASTS } from '../line-texts';
import { showLineActionError } from './action-error';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ChargedNotice, chargedDiffers } from './charged-notice';
import { FormError } from './form-error';
import { LineActionModalShell, type LineActionModalProps } from './line-action-modal';
import { PricePreview, previewCents } from './price-preview';
import { useNowSeconds } from './use-now-seconds';

/** The shared refusal rule (spec §6), the same the server applies. */
export function calendarRefusal(line: Line, now: number): { title: string; message: string } | null {
  return calendarRenewalRefusal(line, now);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
function showDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The shared schema plus the shared window rule (spec §5), with its exact messages. */
function calendarFormSchema(line: Line, now: number) {
  return renewByCalendarSchema.superRefine((value, context) => {
    const check = checkCalendarDate(value.selected_date, line.exp_date, now);
    // An empty or malformed date already got 'Por favor, selecione uma data' from the schema.
    if (!check.ok && check.message !== LINE_MESSAGES.dateRequired) {
      context.addIssue({ code: 'custom', path: ['selected_date'], message: check.message });
    }
  });
}

/** Renew up to a chosen date (spec §2, §5): days / 30 × screens, new expiry that day at 23:59:59. */
export function RenewByCalendarModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <LineActionModalShell
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.renewByCalendar} - ${line.username}`}
      testId="renew-calendar-modal"
    >
      <RenewByCalendarBody line={line} onClose={onClose} />
    </LineActionModalShell>
  );
}

function RenewByCalendarBody({ line, onClose }: { line: Line; onClose: () => void }) {
  const now = useNowSeconds();
  const refusal = calendarRefusal(line, now);
  if (refusal) {
    return (
      <Stack gap="sm">
        <Alert color="red" title={refusal.title} data-testid="renew-calendar-refused">
          {refusal.message}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {ACTION_TEXTS.close}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <RenewByCalendarForm line={line} now={now} onClose={onClose} />;
}

function RenewByCalendarForm({ line, now, onClose }: { line: Line; now: number; onClose: () => void }) {
  const isAdmin = useIsAdmin();
  const renew = useRenewLineByCalendar();
  const [outcome, setOutcome] = useState<LineActionResult | null>(null);
  const [schema] = useState(() => calendarFormSchema(line, now));
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { selected_date: '' } });
  const selected = useWatch({ control, name: 'selected_date' });

  if (outcome) return <ChargedNotice result={outcome} testId="renew-calendar-charged" onClose={onClose} />;

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
        onSuccess: (result) => {
          showSuccessToast(LINE_TOASTS.renewed);
          if (chargedDiffers(result, previewed)) setOutcome(result);
          else onClose();
        },
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
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {ACTION_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={renew.isPending} data-testid="renew-calendar-submit">
            {ACTION_TEXTS.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
