import { DOMAIN_MESSAGES, type Domain } from '@panel/shared/domains/domains-api';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast, showWarningToast } from '@/lib/toasts';
import { useDeleteDomain, useSetDefaultDomain, useVerifyDomain } from '../api/domain-mutations';

function onFailure(error: unknown) {
  if (!classifySessionFailure(error)) showErrorToast(error);
}

/** The row actions with their toasts: verify (verified, or still pending), set default, delete. */
export function useDomainActions() {
  const verifyMutation = useVerifyDomain();
  const setDefaultMutation = useSetDefaultDomain();
  const deleteMutation = useDeleteDomain();
  return {
    verifying: verifyMutation.isPending ? verifyMutation.variables : undefined,
    verify: (domain: Domain) =>
      verifyMutation.mutate(domain.id, {
        onSuccess: (checked) => {
          if (checked.verified_at) showSuccessToast(DOMAIN_MESSAGES.verified);
          else showWarningToast(checked.check_error ?? DOMAIN_MESSAGES.stillPending);
        },
        onError: onFailure,
      }),
    setDefault: (domain: Domain) =>
      setDefaultMutation.mutate(domain.id, {
        onSuccess: () => showSuccessToast(DOMAIN_MESSAGES.defaultSet),
        onError: onFailure,
      }),
    removing: deleteMutation.isPending,
    remove: (domain: Domain, done: () => void) =>
      deleteMutation.mutate(domain.id, {
        onSuccess: () => {
          showSuccessToast(DOMAIN_MESSAGES.removed);
          done();
        },
        onError: onFailure,
      }),
  };
}
