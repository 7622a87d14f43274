import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { Line } from '@panel/shared/lines/line-api';
import { lineActions } from '@panel/shared/lines/line-actions';
import { dreamTvMacSchema } from '@panel/shared/tv-apps/tv-app-mac';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { DialogActions } from '@/components/dialog-actions';
import { Dialog } from '@/components/dialog';
import { showSuccessToast } from '@/lib/toasts';
import { useChangeDreamTv, type DreamTvChange } from '../../api/tv-apps';
import { ActionRefused } from './action-refused';
import type { LineActionModalProps } from './line-action-modal';
import { Configured } from './tv-app-configured';
import { TV_APP_TEXTS } from './tv-app-texts';
import { TvMacForm, useTvMac } from './tv-mac-form';

/**
 * The DreamTV row action (docs/product/rules.md#dreamtv-mac): an IPTV line without a playlist connects it
 * to a device MAC; one with a playlist may move it to another MAC or disconnect. Test ids `dreamtv-*`.
 */
export function DreamTvModal({ line, opened, onClose }: LineActionModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={`${TV_APP_TEXTS.dreamTvTitle} - ${line.username}`}
      testId="dreamtv-modal"
    >
      {lineActions(line).dreamTv ? (
        <Configured kind="dreamtv" onClose={onClose}>
          <DreamTvForm line={line} onClose={onClose} />
        </Configured>
      ) : (
        <ActionRefused
          color="red"
          message={TV_APPS_MESSAGES.iptvOnly}
          testId="dreamtv-refused"
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

const DONE_TOAST = {
  connect: TV_APPS_MESSAGES.dreamTvConnected,
  update: TV_APPS_MESSAGES.dreamTvUpdated,
  disconnect: TV_APPS_MESSAGES.dreamTvRemoved,
} as const;

function DreamTvForm({ line: initial, onClose }: { line: Line; onClose: () => void }) {
  // The dialog keeps the line each answer returns: the row it was opened from is not refreshed in place.
  const [line, setLine] = useState(initial);
  const change = useChangeDreamTv();
  const tvMac = useTvMac();
  const connected = Boolean(line.dreamtv_playlist_id);

  const run = (request: DreamTvChange) =>
    change.mutate(request, {
      onSuccess: (result) => {
        setLine(result.line);
        tvMac.setMac('');
        showSuccessToast(DONE_TOAST[request.kind]);
      },
      onError: tvMac.refused,
    });

  const submit = () => {
    const mac = tvMac.validated(dreamTvMacSchema, TV_APPS_MESSAGES.dreamTvMacAlert);
    if (mac) run({ id: line.id, kind: connected ? 'update' : 'connect', mac });
  };

  return (
    <Stack gap="sm">
      {connected ? (
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} />}
          title={TV_APP_TEXTS.connected}
          data-testid="dreamtv-connected"
        >
          <Text size="sm">
            {TV_APP_TEXTS.device}: <b data-testid="dreamtv-device">{line.dreamtv_device_id}</b>
          </Text>
          <Text size="sm">
            {TV_APP_TEXTS.playlist}: <b data-testid="dreamtv-playlist">{line.dreamtv_playlist_id}</b>
          </Text>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" data-testid="dreamtv-not-connected">
          {TV_APP_TEXTS.notConnected}
        </Text>
      )}
      <TvMacForm tvMac={tvMac} testId="dreamtv" onSubmit={submit}>
        {connected && (
          <Group justify="flex-start">
            <Button
              color="red"
              variant="light"
              loading={change.isPending && change.variables?.kind === 'disconnect'}
              disabled={change.isPending}
              onClick={() => run({ id: line.id, kind: 'disconnect' })}
              data-testid="dreamtv-disconnect"
            >
              {TV_APP_TEXTS.disconnect}
            </Button>
          </Group>
        )}
        <DialogActions
          onCancel={onClose}
          label={connected ? TV_APP_TEXTS.changeMac : TV_APP_TEXTS.connect}
          pending={change.isPending && change.variables?.kind !== 'disconnect'}
          disabled={change.isPending}
          testId="dreamtv-submit"
        />
      </TvMacForm>
    </Stack>
  );
}
