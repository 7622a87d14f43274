import { Navigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ActivationBatchPage } from '@/features/activation-codes/components/activation-batch-page';
import { ActivationBatchesPage } from '@/features/activation-codes/components/activation-batches-page';
import { PrintSheetPage } from '@/features/activation-codes/components/print-sheet-page';
import { useProfile } from '@/lib/queries/profile-query';

/** /activation-codes: the batches (the admin also sees each one's owner). */
export function ActivationCodesRoute() {
  const { data: profile } = useProfile();
  if (!profile) return <PageLoader />;
  return <ActivationBatchesPage profile={profile} />;
}

/** The batch id of the address; anything but a positive whole number goes back to the batches. */
function useBatchId(): number | undefined {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** /activation-codes/:id: one batch and its codes. */
export function ActivationBatchRoute() {
  const id = useBatchId();
  if (id === undefined) return <Navigate to={paths.activationCodes} replace />;
  return <ActivationBatchPage batchId={id} />;
}

/** /activation-codes/:id/print: the batch's print sheet. */
export function ActivationSheetRoute() {
  const id = useBatchId();
  if (id === undefined) return <Navigate to={paths.activationCodes} replace />;
  return <PrintSheetPage batchId={id} />;
}
