import { ActionIcon, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_LINK_KEYS, LINE_LINK_LABELS } from '@panel/shared/lines/line-links';
import { LoadFailure } from '@/components/load-failure';
import { showErrorToast } from '@/lib/toasts';
import { useLineLinks } from '../api/get-line-links';
import { copyText } from '@/lib/copy-text';

export const LINK_TEXTS = {
  copied: 'Copiado!',
  copy: (label: string) => `Copiar ${label}`,
  loading: 'Carregando links…',
  /** The heading of the links block in the success and information modals. */
  section: 'Dados para o aplicativo',
} as const;

/** How long a copy button says 'Copiado!' (Mantine CopyButton's default). */
const COPIED_MS = 2000;

interface CopyLinkButtonProps {
  label: string;
  value: string;
  testId: string;
}

/**
 * A copy button that says 'Copiado!' (tooltip, label and a check) for two seconds. Mantine's CopyButton
 * only knows the Clipboard API, missing on a panel served over plain HTTP; `copyText` falls back
 * (decision 0041).
 */
export function CopyLinkButton({ label, value, testId }: CopyLinkButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const text = copied ? LINK_TEXTS.copied : LINK_TEXTS.copy(label);
  return (
    <Tooltip label={text} withArrow position="left">
      <ActionIcon
        size="sm"
        variant={copied ? 'filled' : 'light'}
        color={copied ? 'teal' : undefined}
        aria-label={text}
        data-copied={copied || undefined}
        onClick={() => void copyText(value).then(() => setCopied(true), showErrorToast)}
        data-testid={testId}
      >
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

interface LineLinksProps {
  lineId: Line['id'];
  /** `{testId}` on the block, `{testId}-{key}` on each address and `{testId}-{key}-copy` on its button. */
  testId: string;
}

/**
 * The addresses a customer's app needs (docs/product/screens.md#line-links): 'URL do servidor' (the player
 * API base), M3U, M3U Plus, HLS and EPG, each read-only with its copy button. Asked of the server, which
 * knows the public address (PLAYER_BASE_URL).
 */
export function LineLinks({ lineId, testId }: LineLinksProps) {
  const { data, error, isPending, refetch, isRefetching } = useLineLinks(lineId);
  if (error && !data) {
    return (
      <LoadFailure
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        testId={`${testId}-error`}
      />
    );
  }
  if (isPending) {
    return <Loader size="sm" aria-label={LINK_TEXTS.loading} data-testid={`${testId}-loading`} />;
  }
  return (
    <Stack gap={6} data-testid={testId}>
      {LINE_LINK_KEYS.map((key) => (
        <TextInput
          key={key}
          label={LINE_LINK_LABELS[key]}
          value={data[key]}
          readOnly
          size="xs"
          onFocus={(event) => event.currentTarget.select()}
          data-testid={`${testId}-${key}`}
          rightSectionPointerEvents="all"
          rightSection={
            <CopyLinkButton
              label={LINE_LINK_LABELS[key]}
              value={data[key]}
              testId={`${testId}-${key}-copy`}
            />
          }
        />
      ))}
    </Stack>
  );
}
