import { Alert, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { Package } from '@panel/shared/catalog/catalog-api';
import { salePackagesFor } from '@panel/shared/catalog/packages';
import { renewByPackageSchema, type Line } from '@panel/shared/lines/line-api';
import { renewByPackageCents } from '@panel/shared/lines/line-costs';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { toCents } from '@panel/shared/money/credits';
import { formatPanelDate } from '@/lib/format-date';
import { DialogActions } from '@/components/dialog-actions';
import { useComplements } from '@/lib/queries/complements-query';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useRenewLineByPackage } from '../../api/renew-line-by-package';
import { LINE_TOASTS, TRIAL_CONVERSION_TEXTS } from '../line-texts';
import { showLineActionError } from './action-error';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ChargedNotice } from './charged-notice';
import { FormError } from './form-error';
import { Dialog } from '@/components/dialog';
import type { LineActionModalProps } from './line-action-modal';
import { PricePreview, previewCents } from './price-preview';
import { useNowSeconds } from './use-now-seconds';
import { usePaidAction } from './use-paid-action';

/** Renew by package (docs/product/rules.md#renewals): the package's months for its official credits × the line's screens. */
export function RenewByPackageModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.renewByPackage} - ${line.username}`}
      testId="renew-package-modal"
    >
      <RenewByPackageForm line={line} onClose={onClose} />
    </Dialog>
  );
}

function RenewByPackageForm({ line, onClose }: { line: Line; onClose: () => void }) {
  const complements = useComplements();
  const isAdmin = useIsAdmin();
  const now = useNowSeconds();
  const renew = useRenewLineByPackage();
  const paid = usePaidAction(LINE_TOASTS.renewed, onClose);
  // Renewing a trial converts it: the modal says so and the confirm button names it (decision 0027).
  const trial = line.is_trial === 1;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(renewByPackageSchema) });
  const chosenId = useWatch({ control, name: 'package_id' });

  if (paid.outcome)
    return <ChargedNotice result={paid.outcome} testId="renew-package-charged" onClose={onClose} />;
  if (!complements.data) return <Loader size="sm" />;

  const packages = salePackagesFor(line.system, complements.data.packages);
  const chosen = packages.find((pkg) => pkg.id === chosenId);
  const priceOf = (pkg: Package) => renewByPackageCents(toCents(pkg.official_credits), line.max_connections);

  const submit = handleSubmit(({ package_id }) => {
    const pkg = packages.find((candidate) => candidate.id === package_id);
    const previewed = previewCents(pkg ? priceOf(pkg) : 0, isAdmin);
    renew.mutate(
      { id: line.id, packageId: package_id, convertTrial: trial },
      {
        onSuccess: paid.settled(previewed),
        onError: (error) => showLineActionError(error, ['package_id'], setError),
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
        {trial ? (
          <Alert
            color="yellow"
            title={TRIAL_CONVERSION_TEXTS.title}
            data-testid="renew-package-trial-conversion"
          >
            {TRIAL_CONVERSION_TEXTS.package}
          </Alert>
        ) : null}
        <NativeSelect
          label={ACTION_TEXTS.packageLabel}
          error={errors.package_id?.message}
          data-testid="renew-package-select"
          data={[
            { value: '', label: ACTION_TEXTS.packagePlaceholder },
            ...packages.map((pkg) => ({ value: String(pkg.id), label: pkg.package_name })),
          ]}
          {...register('package_id', { valueAsNumber: true })}
        />
        {chosen ? (
          <Text size="sm" data-testid="renew-package-new-expiry">
            {ACTION_TEXTS.newExpiry}:{' '}
            <b>{formatPanelDate(addPanelMonths(Math.max(now, line.exp_date), chosen.official_duration))}</b>
          </Text>
        ) : null}
        <PricePreview
          cents={chosen ? priceOf(chosen) : null}
          isAdmin={isAdmin}
          testId="renew-package-price"
        />
        <FormError message={errors.root?.server?.message} testId="renew-package-error" />
        <DialogActions
          onCancel={onClose}
          label={trial ? TRIAL_CONVERSION_TEXTS.confirm : ACTION_TEXTS.confirm}
          pending={renew.isPending}
          testId="renew-package-submit"
        />
      </Stack>
    </form>
  );
}
