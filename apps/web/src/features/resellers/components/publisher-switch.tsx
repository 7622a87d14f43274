import { Switch } from '@mantine/core';
import { useState } from 'react';
import { PUBLISHER_MESSAGES } from '@panel/shared/catalog-requests/catalog-requests-api';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useSetResellerPublisher } from '../api/set-reseller-publisher';

/**
 * The admin's 'Publisher' switch of the edit modal (decision 0054): applied at once, apart from the form.
 * An account with lines or sub-resellers is refused by the server with its reason.
 */
export function PublisherSwitch({ reseller }: { reseller: Reseller }) {
  const [isPublisher, setIsPublisher] = useState(reseller.is_publisher === 1);
  const change = useSetResellerPublisher();
  return (
    <Switch
      label="Publisher"
      description="Publishers cuidam das solicitações de conteúdo; não têm usuários nem revendedores."
      checked={isPublisher}
      disabled={change.isPending}
      onChange={(event) => {
        const wanted = event.currentTarget.checked;
        change.mutate(
          { id: reseller.id, isPublisher: wanted },
          {
            onSuccess: (updated) => {
              setIsPublisher(updated.is_publisher === 1);
              showSuccessToast(wanted ? PUBLISHER_MESSAGES.made : PUBLISHER_MESSAGES.undone);
            },
            onError: (failure) => {
              if (!classifySessionFailure(failure)) showErrorToast(failure);
            },
          },
        );
      }}
      data-testid="edit-reseller-publisher"
    />
  );
}
