import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { lineActions } from '@panel/shared/lines/line-actions';
import { connectTvMacSchema } from '@panel/shared/tv-apps/tv-app-mac';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import type { Line } from '@panel/shared/lines/line-api';
import { DialogActions } from '@/components/dialog-actions';
import { Dialog } from '@/components/dialog';
import { showSuccessToast } from '@/lib/toasts';
import { useConnectTv } from '../../api/tv-apps';
import { ActionRefused } from './action-refused';
import { Configured } from './tv-app-configured';
import type { LineActionModalProps } from './line-action-modal';
import { TV_APP_TEXTS } from './tv-app-texts';
import { TvMacForm, useTvMac } from './tv-mac-form';

/** The connect-TV row action (docs/product/rules.md#dreamtv-mac): sends an IPTV line's playlist to a TV by MAC. */
export function ConnectTvModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${TV_APP_TEXTS.connectTvTitle} - ${line.username}`}
      testId="connect-tv-modal"
    >
      {lineActions(line).connectTv ? (
        <Configured kind="connect-tv" onClose={onClose}>
          <ConnectTvForm line={line} onClose={onClose} />
        </Configured>
      ) : (
        <ActionRefused
          color="red"
          message={TV_APPS_MESSAGES.iptvOnly}
          testId="connect-tv-refused"
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ConnectTvForm({ line, onClose }: { line: Line; onClose: () => void }) {
  const connect = useConnectTv();
  const tvMac = useTvMac();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = () => {
    const mac = tvMac.validated(connectTvMacSchema);
    if (!mac) return;
    connect.mutate(
      { id: line.id, mac },
      {
        onSuccess: (result) => {
          setSentTo(result.mac);
          showSuccessToast(TV_APPS_MESSAGES.connectTvSent);
        },
        onError: tvMac.refused,
      },
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{TV_APP_TEXTS.connectTvHelp}</Text>
      {sentTo && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="connect-tv-sent">
          {TV_APP_TEXTS.sentTo} <b>{sentTo}</b>
        </Alert>
      )}
      <TvMacForm tvMac={tvMac} testId="connect-tv" onSubmit={submit}>
        <DialogActions
          onCancel={onClose}
          label={TV_APP_TEXTS.send}
          pending={connect.isPending}
          testId="connect-tv-submit"
        />
      </TvMacForm>
    </Stack>
  );
}
