import { Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { screensSchema, type Line } from '@panel/shared/lines/line-api';
import { lineActions, screensTotalError } from '@panel/shared/lines/line-actions';
import { screensCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { DialogActions } from '@/components/dialog-actions';
import { useChangeLineScreens } from '../../api/change-line-screens';
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
import { ScreensPolicy } from './screens-policy';
import { useNowSeconds } from './use-now-seconds';
import { usePaidAction } from './use-paid-action';

/** The shared signed-change schema plus the total's bounds: never below 1, never above 100. */
function screensFormSchema(current: number) {
  return screensSchema.superRefine(({ screens }, context) => {
    if (!Number.isInteger(screens) || screens === 0) return;
    const totalError = screensTotalError(current, screens);
    if (totalError) context.addIssue({ code: 'custom', path: ['screens'], message: totalError });
  });
}

/** A usable signed change for the preview (a whole number ≠ 0 keeping the total in 1..100), else null. */
export function screensChange(current: number, typed: unknown): number | null {
  const parsed = screensFormSchema(current).safeParse({ screens: typed });
  return parsed.success ? parsed.data.screens : null;
}

/**
 * Manage screens (docs/product/rules.md#screens): a signed change; more screens cost added × months left (at least 1),
 * fewer cost nothing ('sem custo', no refund). Not for trial, P2P or hybrid lines.
 */
export function ManageScreensModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.screens} - ${line.username}`}
      testId="screens-modal"
    >
      {lineActions(line).manageScreens ? (
        <ManageScreensForm line={line} onClose={onClose} />
      ) : (
        <ActionRefused
          color="red"
          message={LINE_MESSAGES.screensNotAllowed}
          testId="screens-refused"
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ManageScreensForm({ line, onClose }: { line: Line; onClose: () => void }) {
  const isAdmin = useIsAdmin();
  const now = useNowSeconds();
  const changeScreens = useChangeLineScreens();
  const paid = usePaidAction(LINE_TOASTS.screensUpdated, onClose);
  const [schema] = useState(() => screensFormSchema(line.max_connections));
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema) });
  const typed = useWatch({ control, name: 'screens' });
  const change = screensChange(line.max_connections, typed);

  if (paid.outcome) return <ChargedNotice result={paid.outcome} testId="screens-charged" onClose={onClose} />;

  const priceCents = change !== null && change > 0 ? screensCents(change, line.exp_date, now) : null;

  const submit = handleSubmit(({ screens }) => {
    const previewed = previewCents(screensCents(screens, line.exp_date, now), isAdmin);
    changeScreens.mutate(
      { id: line.id, screens },
      {
        onSuccess: paid.settled(previewed),
        onError: (error) => showLineActionError(error, ['screens'], setError),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {ACTION_TEXTS.screensCurrent}: <b data-testid="screens-current">{line.max_connections}</b>
        </Text>
        <TextInput
          label={ACTION_TEXTS.screensChange}
          description={ACTION_TEXTS.screensChangeDescription}
          inputMode="numeric"
          autoComplete="off"
          error={errors.screens?.message}
          data-testid="screens-change"
          {...register('screens', { valueAsNumber: true })}
        />
        {change !== null ? (
          <Text size="sm">
            {ACTION_TEXTS.screensTotal}: <b data-testid="screens-total">{line.max_connections + change}</b>
          </Text>
        ) : null}
        <PricePreview
          cents={priceCents}
          isAdmin={isAdmin}
          testId="screens-price"
          override={change !== null && change < 0 ? ACTION_TEXTS.noCost : undefined}
        />
        <ScreensPolicy />
        <FormError message={errors.root?.server?.message} testId="screens-error" />
        <DialogActions
          onCancel={onClose}
          label={ACTION_TEXTS.confirm}
          pending={changeScreens.isPending}
          testId="screens-submit"
        />
      </Stack>
    </form>
  );
}
