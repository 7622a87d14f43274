import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Line } from '@panel/shared/lines/line-api';
import { PORTAL_MESSAGE_MAX } from '@panel/shared/portal/portal-api';
import { PORTAL_LABELS } from '@panel/shared/portal/portal-messages';
import { LoadFailure } from '@/components/load-failure';
import { formatPanelDateTime } from '@/lib/format-date';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useLinePortal, useReleasePortalDevice, useSendPortalMessage } from '../api/line-portal';
import { CopyValue } from './actions/copy-value';

/**
 * A hybrid line's portal in its information modal (docs/product/portal.md): the address and MAC to give a
 * MAG box or a portal app, the box the line is locked to, why another box was refused ('Aparelho
 * diferente do registrado'), 'Liberar aparelho' and a short message to the box (decisions 0114, 0116).
 */
export function LinePortal({ lineId }: { lineId: Line['id'] }) {
  const { data, error, isPending, refetch, isRefetching } = useLinePortal(lineId);
  const release = useReleasePortalDevice(lineId);
  const send = useSendPortalMessage();
  const [message, setMessage] = useState('');
  if (error && !data) {
    return (
      <LoadFailure
        error={error}
        onRetry={() => void refetch()}
        retrying={isRefetching}
        testId="line-portal-error"
      />
    );
  }
  if (isPending) return <Loader size="sm" />;
  const device = data.device
    ? PORTAL_LABELS.deviceBound(data.device.model ?? PORTAL_LABELS.unknownModel)
    : PORTAL_LABELS.deviceFree;
  return (
    <Stack gap="xs" data-testid="line-portal">
      <CopyValue label={PORTAL_LABELS.url} value={data.url} testId="line-portal-url" />
      {data.mac && <CopyValue label={PORTAL_LABELS.mac} value={data.mac} testId="line-portal-mac" />}
      <Text size="sm" data-testid="line-portal-device">
        {PORTAL_LABELS.device}: {device}
      </Text>
      {data.refused && (
        <Alert color="orange" data-testid="line-portal-refused">
          {data.refused.reason} ({formatPanelDateTime(data.refused.at)})
        </Alert>
      )}
      {(data.device || data.refused) && (
        <Group>
          <Button
            size="xs"
            variant="light"
            loading={release.isPending}
            onClick={() =>
              release.mutate(undefined, {
                onSuccess: () => showSuccessToast(PORTAL_LABELS.released),
                onError: showErrorToast,
              })
            }
            data-testid="line-portal-release"
          >
            {PORTAL_LABELS.releaseDevice}
          </Button>
        </Group>
      )}
      <Textarea
        label={PORTAL_LABELS.message}
        value={message}
        maxLength={PORTAL_MESSAGE_MAX}
        autosize
        minRows={1}
        onChange={(event) => setMessage(event.currentTarget.value)}
        data-testid="line-portal-message"
      />
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={message.trim() === ''}
          loading={send.isPending}
          onClick={() =>
            send.mutate(
              { id: lineId, message: message.trim() },
              {
                onSuccess: () => {
                  setMessage('');
                  showSuccessToast(PORTAL_LABELS.messageSent);
                },
                onError: showErrorToast,
              },
            )
          }
          data-testid="line-portal-send"
        >
          {PORTAL_LABELS.sendMessage}
        </Button>
      </Group>
    </Stack>
  );
}
