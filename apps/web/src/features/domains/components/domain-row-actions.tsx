import { Button, Group } from '@mantine/core';
import { IconRefresh, IconSettings, IconStar, IconTrash } from '@tabler/icons-react';
import type { Domain } from '@panel/shared/domains/domains-api';
import { DOMAIN_TEXTS as TEXTS } from './domain-texts';

export interface DomainRowActionsProps {
  domain: Domain;
  /** The admin cannot set a default from the list (docs/product/roles.md#admin). */
  canSetDefault: boolean;
  verifying: boolean;
  onVerify: (domain: Domain) => void;
  onManage: (domain: Domain) => void;
  onSetDefault: (domain: Domain) => void;
  onRemove: (domain: Domain) => void;
}

/** 'Verificar' (pending only), 'Gerenciar', 'Definir como padrão' (non-admins, non-default), 'Excluir'. */
export function DomainRowActions({
  domain,
  canSetDefault,
  verifying,
  onVerify,
  onManage,
  onSetDefault,
  onRemove,
}: DomainRowActionsProps) {
  const id = `domain-${domain.id}`;
  return (
    <Group gap="xs" wrap="wrap">
      {domain.verified_at === null && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={verifying}
          onClick={() => onVerify(domain)}
          data-testid={`${id}-verify`}
        >
          {TEXTS.verify}
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        color="gray"
        leftSection={<IconSettings size={14} />}
        onClick={() => onManage(domain)}
        data-testid={`${id}-manage`}
      >
        {TEXTS.manage}
      </Button>
      {canSetDefault && !domain.is_default && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconStar size={14} />}
          onClick={() => onSetDefault(domain)}
          data-testid={`${id}-set-default`}
        >
          {TEXTS.setDefault}
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => onRemove(domain)}
        data-testid={`${id}-remove`}
      >
        {TEXTS.remove}
      </Button>
    </Group>
  );
}
