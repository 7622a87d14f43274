import { Alert, Loader, NativeSelect, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { Package } from '@panel/shared/catalog/catalog-api';
import { salePackagesFor } from '@panel/shared/catalog/packages';
import { renewByPackageSchema } from '@panel/shared/lines/line-api';
import { renewByPackageCents } from '@panel/shared/lines/line-costs';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { toCents } from '@panel/shared/money/credits';
import { formatPanelDate } from '@/lib/format-date';
import { useComplements } from '@/lib/queries/complements-query';
import { useIsAdmin } from '@/lib/queries/profile-query';
import { useRenewLineByPackage } from '../../api/renew-line-by-package';
import { LINE_TOASTS, TRIAL_CONVERSION_TEXTS } from '../line-texts';
import { ACTION_TEXTS, ACTION_TITLES } from './action-texts';
import { ChargedNotice, chargedDiffers } from './charged-notice';
import type { LineActionModalProps } from './line-action-modal';
import { PaidLineActionDialog, type LineActionFormProps } from './paid-line-action-dialog';
import { PaidLineActionForm } from './paid-line-action-form';
import { PricePreview, previewCents } from './price-preview';
import { usePaidLineActionForm } from './use-paid-line-action-form';

/** Renew by package (docs/product/rules.md#renewals): the package's months for its official credits × the line's screens. */
export function RenewByPackageModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <PaidLineActionDialog
      line={line}
      opened={opened}
      onClose={onClose}
      title={`${ACTION_TITLES.renewByPackage} - ${line.username}`}
      testIdPrefix="renew-package"
      form={RenewByPackageForm}
    />
  );
}

function RenewByPackageForm({ line, now, onClose }: LineActionFormProps) {
  const complements = useComplements();
  const isAdmin = useIsAdmin();
  // Renewing a trial converts it: the modal says so and the confirm button names it (decision 0027).
  const trial = line.is_trial === 1;
  const packages = complements.data ? salePackagesFor(line.system, complements.data.packages) : [];
  const priceOf = (pkg: Package) => renewByPackageCents(toCents(pkg.official_credits), line.max_connections);
  const action = usePaidLineActionForm({
    schema: renewByPackageSchema,
    mutation: useRenewLineByPackage(),
    toVariables: ({ package_id }) => ({ id: line.id, packageId: package_id, convertTrial: trial }),
    fields: ['package_id'],
    successToast: LINE_TOASTS.renewed,
    onClose,
    keepOpen: (result, { package_id }) => {
      const pkg = packages.find((candidate) => candidate.id === package_id);
      return chargedDiffers(result, previewCents(pkg ? priceOf(pkg) : 0, isAdmin));
    },
  });
  const { register, control, formState } = action.form;
  const chosenId = useWatch({ control, name: 'package_id' });

  if (action.outcome)
    return <ChargedNotice result={action.outcome} testId="renew-package-charged" onClose={onClose} />;
  if (!complements.data) return <Loader size="sm" />;

  const chosen = packages.find((pkg) => pkg.id === chosenId);

  return (
    <PaidLineActionForm
      action={action}
      testIdPrefix="renew-package"
      label={trial ? TRIAL_CONVERSION_TEXTS.confirm : ACTION_TEXTS.confirm}
    >
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
        error={formState.errors.package_id?.message}
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
      <PricePreview cents={chosen ? priceOf(chosen) : null} isAdmin={isAdmin} testId="renew-package-price" />
    </PaidLineActionForm>
  );
}
