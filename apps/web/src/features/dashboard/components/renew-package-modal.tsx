import { Select, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { useState } from 'react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { Package } from '@panel/shared/catalog/catalog-api';
import { renewByPackageCents } from '@panel/shared/lines/line-costs';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { toCents } from '@panel/shared/money/credits';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useComplements } from '../api/get-complements';
import { useRenewByPackage } from '../api/renew-by-package';
import { RENEW_PACKAGE_LABEL, RENEWED_TOAST } from './dashboard-texts';
import { renewPriceText } from './renew-price';

/** What a renewal by `pkg` costs for `line`: the package's official credits times the line's screens. */
export function packageRenewalCents(pkg: Package, line: Pick<Line, 'max_connections'>): number {
  return renewByPackageCents(toCents(pkg.official_credits), line.max_connections);
}

const monthsText = (months: number) => (months === 1 ? '1 mês' : `${months} meses`);

interface RenewPackageModalProps {
  line: Line;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * Renew by a chosen package (spec §2, §5 "only with a package chosen"): P2P lines may take only the
 * P2P packages, the others any normal package; the price is previewed before sending.
 */
export function RenewPackageModal({ line, isAdmin, onClose }: RenewPackageModalProps) {
  const { data: complements, isPending: loadingPackages } = useComplements();
  const renew = useRenewByPackage();
  const [packageId, setPackageId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const packages = complements
    ? line.system === SYSTEMS.p2p
      ? complements.packages.p2p
      : complements.packages.iptv
    : [];
  const chosen = packages.find((pkg) => String(pkg.id) === packageId);

  const submit = () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    renew.mutate(
      { id: line.id, packageId: chosen.id },
      {
        onSuccess: () => {
          showSuccessToast(RENEWED_TOAST);
          onClose();
        },
        // Spec §8: silently ignored here; the modal just closes and the list is refetched.
        onError: onClose,
      },
    );
  };

  return (
    <Dialog
      // Closing while the renewal is on its way would lose its outcome (the toast).
      onClose={renew.isPending ? () => {} : onClose}
      title={`${RENEW_PACKAGE_LABEL} - ${line.username}`}
      testId="renew-package-modal"
    >
      <Stack gap="sm">
        <Select
          label="Pacote"
          placeholder={loadingPackages ? 'Carregando...' : LINE_MESSAGES.packageRequired}
          data={packages.map((pkg) => ({ value: String(pkg.id), label: pkg.package_name }))}
          value={packageId}
          onChange={(value) => {
            setPackageId(value);
            setMissing(false);
          }}
          disabled={loadingPackages}
          error={missing ? LINE_MESSAGES.packageRequired : undefined}
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={300}
          data-testid="renew-package-select"
        />
        <Text size="sm">
          Duração:{' '}
          <b data-testid="renew-package-duration">{chosen ? monthsText(chosen.official_duration) : '-'}</b>
          {' · '}Telas: <b>{line.max_connections}</b>
        </Text>
        <Text size="sm">
          Valor:{' '}
          <b data-testid="renew-package-price">
            {chosen ? renewPriceText(packageRenewalCents(chosen, line), isAdmin) : '-'}
          </b>
        </Text>
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          label="Renovar"
          pending={renew.isPending}
          testId="renew-package-submit"
        />
      </Stack>
    </Dialog>
  );
}
