import { NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import { activationCodeCents, batchCents } from '@panel/shared/activation-codes/activation-code-price';
import {
  buyBatchSchema,
  MAX_BATCH_QUANTITY,
  type BuyBatchResult,
} from '@panel/shared/activation-codes/activation-codes-api';
import { salePackagesFor, SYSTEMS } from '@panel/shared/catalog/packages';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { complementSetting, useComplements } from '@/lib/queries/complements-query';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useBuyBatch } from '../api/buy-batch';
import { CODE_TEXTS as TEXTS } from './activation-code-texts';

interface BuyBatchDialogProps {
  isAdmin: boolean;
  onClose: () => void;
  onBought: (result: BuyBatchResult) => void;
}

type Errors = Partial<Record<'package_id' | 'screens' | 'quantity' | 'note' | 'system', string>>;

/**
 * 'Comprar códigos' (docs/product/screens.md#activation-codes): service, trial or not, package, screens,
 * quantity and note, with the price the server will charge, from the same shared functions.
 */
export function BuyBatchDialog({ isAdmin, onClose, onBought }: BuyBatchDialogProps) {
  const { data: complements } = useComplements();
  const buy = useBuyBatch();
  const [system, setSystem] = useState<1 | 2>(SYSTEMS.iptv);
  const [trial, setTrial] = useState(false);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [screens, setScreens] = useState<number | string>(1);
  const [quantity, setQuantity] = useState<number | string>(10);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const trialsEnabled = complementSetting(complements, 'trial_user_create_enabled') !== 'false';
  const salePackages = complements ? salePackagesFor(system, complements.packages) : [];
  const trialPackage = complements?.packages.trial[0];
  const chosen = trial ? trialPackage : salePackages.find((pkg) => String(pkg.id) === packageId);
  const oneScreen = trial || system === SYSTEMS.p2p;
  const screenCount = oneScreen ? 1 : Number(screens) || 1;
  const count = Number(quantity) || 0;
  const unit = chosen
    ? activationCodeCents(
        {
          packageCreditsCents: toCents(chosen.official_credits),
          months: chosen.official_duration,
          screens: screenCount,
          trial,
        },
        nowSeconds(),
      )
    : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = buyBatchSchema.safeParse({
      trial,
      system,
      package_id: trial ? undefined : packageId ? Number(packageId) : undefined,
      screens: screenCount,
      quantity: count,
      note: note || undefined,
    });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    buy.mutate(checked.data, {
      onSuccess: (result) => {
        showSuccessToast(ACTIVATION_CODE_MESSAGES.bought);
        onBought(result);
      },
      onError: (failure) => {
        if (classifySessionFailure(failure)) return;
        if (failure instanceof ApiError && failure.field)
          setErrors({ [failure.field]: mapError(failure).message });
        else showErrorToast(failure);
      },
    });
  };

  return (
    <Dialog onClose={onClose} title={TEXTS.buyTitle} testId="codes-buy">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {TEXTS.intro}
          </Text>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {TEXTS.service}
            </Text>
            <SegmentedControl
              fullWidth
              value={String(system)}
              onChange={(value) => {
                setSystem(value === '2' ? SYSTEMS.p2p : SYSTEMS.iptv);
                setPackageId(null);
              }}
              data={[
                { value: '1', label: 'IPTV' },
                { value: '2', label: 'P2P' },
              ]}
              data-testid="codes-buy-system"
            />
          </div>
          {trialsEnabled && (
            <Switch
              label={TEXTS.trial}
              checked={trial}
              onChange={(event) => setTrial(event.currentTarget.checked)}
              data-testid="codes-buy-trial"
            />
          )}
          {!trial && (
            <Select
              label={TEXTS.package}
              data={salePackages.map((pkg) => ({ value: String(pkg.id), label: pkg.package_name }))}
              value={packageId}
              onChange={(value) => {
                setPackageId(value);
                setErrors((current) => ({ ...current, package_id: undefined }));
              }}
              error={errors.package_id}
              withAsterisk
              allowDeselect={false}
              data-testid="codes-buy-package"
            />
          )}
          <NumberInput
            label={TEXTS.screens}
            min={1}
            max={100}
            value={oneScreen ? 1 : screens}
            disabled={oneScreen}
            onChange={setScreens}
            error={errors.screens}
            data-testid="codes-buy-screens"
          />
          <NumberInput
            label={TEXTS.quantity}
            min={1}
            max={MAX_BATCH_QUANTITY}
            value={quantity}
            onChange={setQuantity}
            error={errors.quantity}
            withAsterisk
            data-testid="codes-buy-quantity"
          />
          <TextInput
            label={TEXTS.note}
            placeholder={TEXTS.notePlaceholder}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
            data-testid="codes-buy-note"
          />
          {unit !== undefined && (
            <Text size="sm" fw={500} data-testid="codes-buy-cost">
              {isAdmin
                ? TEXTS.adminFree
                : `${TEXTS.cost(fromCents(batchCents(unit, count)))} (${TEXTS.perCode(fromCents(unit))})`}
            </Text>
          )}
          <DialogActions
            onCancel={onClose}
            label={TEXTS.buyShort}
            pending={buy.isPending}
            testId="codes-buy-submit"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
