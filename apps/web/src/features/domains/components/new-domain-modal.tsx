import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DOMAIN_MESSAGES, domainInputSchema, type Domain } from '@panel/shared/domains/domains-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useCreateDomain } from '../api/domain-mutations';
import { useDomains } from '../api/list-domains';
import { DomainSetup } from './domain-setup';
import { DOMAIN_TEXTS as TEXTS } from './domain-texts';

/**
 * 'Novo domínio': the host, checked with the shared rule (the server's own); once added, how to point it
 * at the panel (nameservers, token file) and its state, refreshed with the list.
 */
export function NewDomainModal({ onClose }: { onClose: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<Domain | null>(null);
  const create = useCreateDomain();
  const domains = useDomains();
  const current = created ? (domains.data?.find((domain) => domain.id === created.id) ?? created) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = domainInputSchema.safeParse({ domain: value });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (domain) => {
        showSuccessToast(DOMAIN_MESSAGES.added);
        setCreated(domain);
      },
      onError: (failure) => {
        if (classifySessionFailure(failure)) return;
        if (failure instanceof ApiError && failure.field === 'domain') setError(mapError(failure).message);
        else showErrorToast(failure);
      },
    });
  };

  return (
    <Dialog onClose={onClose} title={TEXTS.newDomain} testId="domain-new" size="lg">
      {current ? (
        <Stack gap="md">
          <DomainSetup domain={current} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="domain-new-done">
              {TEXTS.done}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={TEXTS.domain}
              placeholder={TEXTS.placeholder}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              withAsterisk
              data-autofocus
              data-testid="domain-new-input"
            />
            <DialogActions
              onCancel={onClose}
              label={TEXTS.add}
              pending={create.isPending}
              testId="domain-new-submit"
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
