import { Card, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Domain } from '@panel/shared/domains/domains-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListLayout } from '@/components/data-table/list-layout';
import { lazyModal } from '@/components/lazy-modal';
import { QueryBody } from '@/components/query-body';
import { paths } from '@/config/paths';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useDomains } from '../api/list-domains';
import { DomainRowActions } from './domain-row-actions';
import { DomainState } from './domain-state-badge';
import { DOMAIN_TEXTS as TEXTS } from './domain-texts';
import { useDomainActions } from './use-domain-actions';

const NewDomainModal = lazyModal(() => import('./new-domain-modal').then((m) => m.NewDomainModal));
const ManageDomainModal = lazyModal(() => import('./manage-domain-modal').then((m) => m.ManageDomainModal));

interface DomainsPageProps {
  profile: Profile;
  /** /domains/create: the list with the 'Novo domínio' modal open (docs/product/screens.md#domains). */
  createOnOpen?: boolean;
}

/** A nameserver cell: the configured name, or that the panel has none configured. */
function Nameserver({ name, testId }: { name: string | null; testId: string }) {
  return name ? (
    <Text size="sm" data-testid={testId}>
      {name}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {TEXTS.notConfigured}
    </Text>
  );
}

function DomainName({ domain }: { domain: Domain }) {
  return (
    <Stack gap={4}>
      <Text fw={500} data-testid={`domain-${domain.id}-name`}>
        {domain.domain}
      </Text>
      <DomainState domain={domain} />
    </Stack>
  );
}

/**
 * /domains (docs/product/screens.md#domains, decision 0048): the caller's domains, newest first, with
 * their state (verified or pending, with the last check's failure), the panel's nameservers, and for the
 * admin the owner ('Revenda'); a table, or cards on a phone when the profile asks for them.
 */
export function DomainsPage({ profile, createOnOpen = false }: DomainsPageProps) {
  const isAdmin = profile.type === 'admin';
  const cardMode = useCardMode(profile.mobile_table_mode);
  const domains = useDomains();
  const actions = useDomainActions();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(createOnOpen);
  const closeNew = () => {
    setCreating(false);
    if (createOnOpen) void navigate(paths.domains, { replace: true });
  };
  const [managing, setManaging] = useState<Domain | null>(null);
  const [removing, setRemoving] = useState<Domain | null>(null);

  const rowActions = (domain: Domain) => (
    <DomainRowActions
      domain={domain}
      canSetDefault={!isAdmin}
      verifying={actions.verifying === domain.id}
      onVerify={actions.verify}
      onManage={setManaging}
      onSetDefault={actions.setDefault}
      onRemove={setRemoving}
    />
  );

  return (
    <ListLayout
      title={TEXTS.title}
      testId="domains"
      newItem={{
        label: TEXTS.newDomain,
        mobileLabel: TEXTS.newDomainShort,
        onClick: () => setCreating(true),
        testId: 'domain-new-open',
      }}
    >
      <QueryBody
        query={domains}
        testId="domains"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Stack align="center" gap={4} py="xl" data-testid="domains-empty">
            <Text fw={500}>{TEXTS.empty}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {TEXTS.emptyHint}
            </Text>
          </Stack>
        }
      >
        {(rows) =>
          cardMode ? (
            <Stack gap="sm" data-testid="domains-cards">
              {rows.map((domain) => (
                <Card key={domain.id} withBorder padding="sm" data-testid="domain-row">
                  <Stack gap={6}>
                    <DomainName domain={domain} />
                    <Text size="sm">
                      {TEXTS.nameserver1}: {domain.nameserver_1 ?? TEXTS.notConfigured}
                    </Text>
                    <Text size="sm">
                      {TEXTS.nameserver2}: {domain.nameserver_2 ?? TEXTS.notConfigured}
                    </Text>
                    {isAdmin && (
                      <Text size="sm">
                        {TEXTS.reseller}: {domain.reseller_name}
                      </Text>
                    )}
                    {rowActions(domain)}
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={isAdmin ? 900 : 760}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="domains-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{TEXTS.domain}</Table.Th>
                    <Table.Th>{TEXTS.nameserver1}</Table.Th>
                    <Table.Th>{TEXTS.nameserver2}</Table.Th>
                    {isAdmin && <Table.Th>{TEXTS.reseller}</Table.Th>}
                    <Table.Th>{TEXTS.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((domain) => (
                    <Table.Tr key={domain.id} data-testid="domain-row">
                      <Table.Td>
                        <DomainName domain={domain} />
                      </Table.Td>
                      <Table.Td>
                        <Nameserver name={domain.nameserver_1} testId={`domain-${domain.id}-ns1`} />
                      </Table.Td>
                      <Table.Td>
                        <Nameserver name={domain.nameserver_2} testId={`domain-${domain.id}-ns2`} />
                      </Table.Td>
                      {isAdmin && (
                        <Table.Td data-testid={`domain-${domain.id}-reseller`}>
                          {domain.reseller_name}
                        </Table.Td>
                      )}
                      <Table.Td>{rowActions(domain)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryBody>
      {creating && <NewDomainModal onClose={closeNew} />}
      {managing && <ManageDomainModal domain={managing} onClose={() => setManaging(null)} />}
      {removing && (
        <ConfirmDialog
          opened
          title={TEXTS.removeTitle}
          message={TEXTS.removeConfirm(removing.domain)}
          confirmLabel={TEXTS.remove}
          confirmColor="red"
          loading={actions.removing}
          onConfirm={() => actions.remove(removing, () => setRemoving(null))}
          onCancel={() => setRemoving(null)}
          testId="domain-remove"
        />
      )}
    </ListLayout>
  );
}
