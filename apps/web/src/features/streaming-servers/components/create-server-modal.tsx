import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  STREAMING_SERVER_MESSAGES,
  streamingServerInputSchema,
  type CreatedStreamingServer,
} from '@panel/shared/connections/streaming-servers-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast } from '@/lib/toasts';
import { useCreateStreamingServer } from '../api/create-streaming-server';
import { STREAMING_SERVER_TEXTS as TEXTS } from './streaming-server-texts';

type FieldErrors = Partial<Record<'name' | 'control_url', string>>;

/** The token of a server just created, shown once with a copy button. */
function TokenOnce({ created, onClose }: { created: CreatedStreamingServer; onClose: () => void }) {
  return (
    <Stack gap="sm" data-testid="streaming-server-token">
      <Alert color="yellow">{STREAMING_SERVER_MESSAGES.created}</Alert>
      <Text size="sm">
        {TEXTS.name}: <b>{created.server.name}</b>
      </Text>
      <Code block data-testid="streaming-server-token-value" style={{ wordBreak: 'break-all' }}>
        {created.token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              data-testid="streaming-server-token-copy"
            >
              {copied ? TEXTS.copied : TEXTS.copy}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose} data-testid="streaming-server-token-done">
          {TEXTS.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** New streaming server: name and optional control URL, checked with the shared schema; then its token. */
export function CreateServerModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [controlUrl, setControlUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedStreamingServer | null>(null);
  const create = useCreateStreamingServer();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { name, control_url: controlUrl };
    const checked = streamingServerInputSchema.safeParse(input);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof FieldErrors | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(input, {
      onSuccess: setCreated,
      onError: (error) => {
        if (classifySessionFailure(error)) return;
        const field = error instanceof ApiError ? error.field : undefined;
        if (field === 'name' || field === 'control_url') setErrors({ [field]: mapError(error).message });
        else showErrorToast(error);
      },
    });
  };

  return (
    <Dialog
      onClose={onClose}
      title={created ? TEXTS.tokenTitle : TEXTS.newServer}
      testId="streaming-server-form"
      size="lg"
    >
      {created ? (
        <TokenOnce created={created} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={TEXTS.name}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
              error={errors.name}
              withAsterisk
              data-testid="streaming-server-name"
            />
            <TextInput
              label={TEXTS.controlUrl}
              description={TEXTS.controlUrlHint}
              placeholder="https://edge.exemplo.com/control"
              value={controlUrl}
              onChange={(event) => {
                setControlUrl(event.currentTarget.value);
                setErrors((current) => ({ ...current, control_url: undefined }));
              }}
              error={errors.control_url}
              data-testid="streaming-server-control-url"
            />
            <DialogActions
              onCancel={onClose}
              label={TEXTS.create}
              pending={create.isPending}
              testId="streaming-server-submit"
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
