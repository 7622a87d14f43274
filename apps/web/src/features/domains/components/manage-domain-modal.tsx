import { Button, Group, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Domain } from '@panel/shared/domains/domains-api';
import { Dialog } from '@/components/dialog';
import { useDomains } from '../api/list-domains';
import { DomainSetup } from './domain-setup';
import { DOMAIN_TEXTS as TEXTS } from './domain-texts';
import { useDomainActions } from './use-domain-actions';

/** The manage-domain modal: how to point the domain at the panel, its state, and 'Verificar'. */
export function ManageDomainModal({ domain, onClose }: { domain: Domain; onClose: () => void }) {
  const domains = useDomains();
  const actions = useDomainActions();
  const current = domains.data?.find((row) => row.id === domain.id) ?? domain;
  return (
    <Dialog onClose={onClose} title={TEXTS.manageTitle(current.domain)} testId="domain-manage" size="lg">
      <Stack gap="md">
        <DomainSetup domain={current} />
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={actions.verifying === current.id}
            onClick={() => actions.verify(current)}
            data-testid="domain-manage-verify"
          >
            {TEXTS.verify}
          </Button>
          <Button onClick={onClose} data-testid="domain-manage-done">
            {TEXTS.done}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
