import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { screensSchema } from '@panel/shared/lines/line-api';
import { lineActions, screensTotalError } from '@panel/shared/lines/line-actions';
import { screensCents } from '@panel/shared/lines/line-costs';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useChangeLineScreens } from '../../api/change-line-screens';
import { LINE_TOASTS } from '../line-texts';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ChargedNotice, chargedDiffers } from './charged-notice';
import type { LineActionModalProps } from './line-action-modal';
import { PaidLineActionDialog, type LineActionFormProps } from './paid-line-action-dialog';
import { PaidLineActionForm } from './paid-line-action-form';
import { PricePreview, previewCents } from './price-preview';
import { ScreensPolicy } from './screens-policy';
import { usePaidLineActionForm } from './use-paid-line-action-form';

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
    <PaidLineActionDialog
      line={line}
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.screens} - ${line.username}`}
      testIdPrefix="screens"
      refusal={(candidate) =>
        lineActions(candidate).manageScreens
          ? null
          : { color: 'red', message: LINE_MESSAGES.screensNotAllowed }
      }
      form={ManageScreensForm}
    />
  );
}

function ManageScreensForm({ line, now, onClose }: LineActionFormProps) {
  const isAdmin = useIsAdmin();
  const [schema] = useState(() => screensFormSchema(line.max_connections));
  const action = usePaidLineActionForm({
    schema,
    mutation: useChangeLineScreens(),
    toVariables: ({ screens }) => ({ id: line.id, screens }),
    fields: ['screens'],
    successToast: LINE_TOASTS.screensUpdated,
    onClose,
    keepOpen: (result, { screens }) =>
      chargedDiffers(result, previewCents(screensCents(screens, line.exp_date, now), isAdmin)),
  });
  const { register, control, formState } = action.form;
  const typed = useWatch({ control, name: 'screens' });
  const change = screensChange(line.max_connections, typed);

  if (action.outcome)
    return <ChargedNotice result={action.outcome} testId="screens-charged" onClose={onClose} />;

  const priceCents = change !== null && change > 0 ? screensCents(change, line.exp_date, now) : null;

  return (
    <PaidLineActionForm action={action} testIdPrefix="screens" label={ACTION_TEXTS.confirm}>
      <Text size="sm">
        {ACTION_TEXTS.screensCurrent}: <b data-testid="screens-current">{line.max_connections}</b>
      </Text>
      <TextInput
        label={ACTION_TEXTS.screensChange}
        description={ACTION_TEXTS.screensChangeDescription}
        inputMode="numeric"
        autoComplete="off"
        error={formState.errors.screens?.message}
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
    </PaidLineActionForm>
  );
}
