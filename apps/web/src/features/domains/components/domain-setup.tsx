import { Alert, Code, List, Stack, Text } from '@mantine/core';
import type { Domain } from '@panel/shared/domains/domains-api';
import { formatIsoDateTime } from '@/lib/format-date';
import { DomainState } from './domain-state-badge';
import { DOMAIN_TEXTS as TEXTS } from './domain-texts';

/**
 * How to point a domain at the panel (decision 0048): the panel's nameservers (or that they are not
 * configured), else the token file to publish; the domain's state and last check.
 */
export function DomainSetup({ domain }: { domain: Domain }) {
  const nameservers = [domain.nameserver_1, domain.nameserver_2].filter((name) => name !== null);
  return (
    <Stack gap="sm" data-testid="domain-setup">
      <Text fw={600} data-testid="domain-setup-name">
        {domain.domain}
      </Text>
      <DomainState domain={domain} />
      {nameservers.length > 0 ? (
        <>
          <Text size="sm">{TEXTS.pointIntro}</Text>
          <List size="sm" data-testid="domain-setup-nameservers">
            {nameservers.map((name) => (
              <List.Item key={name}>
                <Code>{name}</Code>
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Alert color="yellow" data-testid="domain-setup-no-nameservers">
          {TEXTS.nameserversMissing}
        </Alert>
      )}
      <Text size="sm">{TEXTS.fileIntro(domain.domain)}</Text>
      <Code block data-testid="domain-setup-token" style={{ wordBreak: 'break-all' }}>
        {domain.verification_token}
      </Code>
      <Text size="xs" c="dimmed">
        {TEXTS.lastCheck}: {domain.checked_at ? formatIsoDateTime(domain.checked_at) : TEXTS.never}
      </Text>
      {domain.verified_at === null && (
        <Text size="xs" c="dimmed">
          {TEXTS.pendingHint}
        </Text>
      )}
    </Stack>
  );
}
