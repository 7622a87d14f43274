import { Badge, Group, Text } from '@mantine/core';
import type { Domain } from '@panel/shared/domains/domains-api';
import { DOMAIN_TEXTS as TEXTS } from './domain-texts';

/** Verified or pending, the default mark, and the last check's failure under them. */
export function DomainState({ domain }: { domain: Domain }) {
  const id = `domain-${domain.id}`;
  const verified = domain.verified_at !== null;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Badge color={verified ? 'teal' : 'yellow'} variant="light" data-testid={`${id}-state`}>
          {verified ? TEXTS.verified : TEXTS.pending}
        </Badge>
        {domain.is_default && (
          <Badge color="blue" variant="light" data-testid={`${id}-default`}>
            {TEXTS.isDefault}
          </Badge>
        )}
      </Group>
      {!verified && domain.check_error && (
        <Text size="xs" c="dimmed" data-testid={`${id}-check-error`}>
          {domain.check_error}
        </Text>
      )}
    </>
  );
}
