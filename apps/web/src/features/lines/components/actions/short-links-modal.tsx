import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SHORT_LINK_TYPES, type ShortLinkType } from '@panel/shared/domains/short-link-types';
import {
  SHORT_LINK_MESSAGES,
  SHORT_LINK_TYPE_LABELS,
  type ShortLink,
  type ShortLinkDomain,
} from '@panel/shared/domains/short-links-api';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import { Dialog } from '@/components/dialog';
import { DIALOG_TEXTS } from '@/components/dialog-actions';
import { QueryBody } from '@/components/query-body';
import { classifySessionFailure } from '@/lib/session-failure';
import { showCopiedToast, showErrorToast, showSuccessToast } from '@/lib/toasts';
import {
  useCreateShortLink,
  useDeleteShortLink,
  useShortLinkDomains,
  useShortLinks,
} from '../../api/short-links';
import { copyText } from '@/lib/copy-text';
import type { LineActionModalProps } from './line-action-modal';

/** A refusal's message as a toast; a lost session is handled by the panel's session notice. */
function toastRefusal(error: unknown): void {
  if (!classifySessionFailure(error)) showErrorToast(error);
}

const SHORT_LINK_TEXTS = {
  type: 'Tipo',
  domain: 'Domínio',
  defaultDomain: (domain: string) => `${domain} (padrão)`,
  create: 'Criar link',
  empty: 'Nenhum link curto criado para este usuário.',
  goToDomains: 'Cadastrar um domínio',
  copy: 'Copiar link',
  remove: 'Remover link',
} as const;

/**
 * 'Links curtos' (docs/product/screens.md#short-links, decision 0049): the line's short links, each with
 * its address, a copy button and a delete button, and a form that makes one of a type on one of the
 * reseller's verified domains. Without a verified domain it says so and points at /domains.
 */
export function ShortLinksModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${LINE_ACTION_LABELS['short-links']} - ${line.username}`}
      testId="short-links-modal"
      size="lg"
    >
      <Stack gap="md">
        <CreateShortLink line={line} />
        <ShortLinkList line={line} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="short-links-close">
            {DIALOG_TEXTS.close}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function CreateShortLink({ line }: { line: Line }) {
  const domains = useShortLinkDomains();
  return (
    <QueryBody
      query={domains}
      testId="short-links-domains"
      compact
      isEmpty={(data) => data.length === 0}
      empty={
        <Alert color="yellow" data-testid="short-links-no-domain">
          <Stack gap={4} align="flex-start">
            <Text size="sm">{SHORT_LINK_MESSAGES.noVerifiedDomain}</Text>
            <Anchor component={Link} to="/domains" size="sm" data-testid="short-links-domains-link">
              {SHORT_LINK_TEXTS.goToDomains}
            </Anchor>
          </Stack>
        </Alert>
      }
    >
      {(data) => <CreateShortLinkForm line={line} domains={data} />}
    </QueryBody>
  );
}

function CreateShortLinkForm({ line, domains }: { line: Line; domains: ShortLinkDomain[] }) {
  const create = useCreateShortLink();
  const [type, setType] = useState<ShortLinkType>('mpgets');
  const [domainId, setDomainId] = useState(domains[0]?.id ?? 0);
  const submit = () =>
    create.mutate(
      { lineId: line.id, type, domainId },
      { onSuccess: () => showSuccessToast(SHORT_LINK_MESSAGES.created), onError: toastRefusal },
    );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NativeSelect
        label={SHORT_LINK_TEXTS.type}
        value={type}
        onChange={(event) => setType(event.currentTarget.value as ShortLinkType)}
        data={SHORT_LINK_TYPES.map((value) => ({ value, label: SHORT_LINK_TYPE_LABELS[value] }))}
        data-testid="short-links-type"
      />
      <NativeSelect
        label={SHORT_LINK_TEXTS.domain}
        value={String(domainId)}
        onChange={(event) => setDomainId(Number(event.currentTarget.value))}
        data={domains.map((domain) => ({
          value: String(domain.id),
          label: domain.is_default ? SHORT_LINK_TEXTS.defaultDomain(domain.domain) : domain.domain,
        }))}
        data-testid="short-links-domain"
      />
      <Button onClick={submit} loading={create.isPending} data-testid="short-links-create">
        {SHORT_LINK_TEXTS.create}
      </Button>
    </Group>
  );
}

function ShortLinkList({ line }: { line: Line }) {
  const links = useShortLinks(line.id);
  return (
    <QueryBody
      query={links}
      testId="short-links-list"
      compact
      isEmpty={(data) => data.length === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="short-links-empty">
          {SHORT_LINK_TEXTS.empty}
        </Text>
      }
    >
      {(data) => (
        <Stack gap="xs" data-testid="short-links-list">
          {data.map((link) => (
            <ShortLinkRow key={link.id} link={link} lineId={line.id} />
          ))}
        </Stack>
      )}
    </QueryBody>
  );
}

function ShortLinkRow({ link, lineId }: { link: ShortLink; lineId: Line['id'] }) {
  const remove = useDeleteShortLink(lineId);
  const testId = `short-link-${link.id}`;
  return (
    <TextInput
      label={SHORT_LINK_TYPE_LABELS[link.type]}
      value={link.url}
      readOnly
      size="xs"
      onFocus={(event) => event.currentTarget.select()}
      data-testid={testId}
      data-type={link.type}
      rightSectionWidth={64}
      rightSectionPointerEvents="all"
      rightSection={
        <Group gap={4} wrap="nowrap">
          <Tooltip label={SHORT_LINK_TEXTS.copy}>
            <ActionIcon
              size="sm"
              variant="light"
              aria-label={SHORT_LINK_TEXTS.copy}
              onClick={() => void copyText(link.url).then(showCopiedToast, showErrorToast)}
              data-testid={`${testId}-copy`}
            >
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={SHORT_LINK_TEXTS.remove}>
            <ActionIcon
              size="sm"
              variant="light"
              color="red"
              aria-label={SHORT_LINK_TEXTS.remove}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(link.id, {
                  onSuccess: () => showSuccessToast(SHORT_LINK_MESSAGES.deleted),
                  onError: toastRefusal,
                })
              }
              data-testid={`${testId}-delete`}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    />
  );
}
