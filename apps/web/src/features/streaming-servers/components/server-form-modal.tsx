import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  STREAMING_SERVER_MESSAGES,
  streamingServerInputSchema,
  type CreatedStreamingServer,
  type StreamingServer,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useCreateStreamingServer } from '../api/create-streaming-server';
import { useUpdateStreamingServer } from '../api/update-streaming-server';
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

interface ServerFormModalProps {
  /** Absent: a new server. */
  server?: StreamingServer;
  onClose: () => void;
}

/**
 * A new streaming server (then its token, once) or an edit of one (name, control URL; the token stays):
 * checked with the shared schema, the server's own.
 */
export function ServerFormModal({ server, onClose }: ServerFormModalProps) {
  const [name, setName] = useState(server?.name ?? '');
  const [controlUrl, setControlUrl] = useState(server?.control_url ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedStreamingServer | null>(null);
  const create = useCreateStreamingServer();
  const update = useUpdateStreamingServer();
  const onError = (error: unknown) => {
    if (classifySessionFailure(error)) return;
    const field = error instanceof ApiError ? error.field : undefined;
    if (field === 'name' || field === 'control_url') setErrors({ [field]: mapError(error).message });
    else showErrorToast(error);
  };

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
    if (server) {
      update.mutate(
        { id: server.id, input },
        {
          onSuccess: () => {
            showSuccessToast(STREAMING_SERVER_MESSAGES.saved);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(input, { onSuccess: setCreated, onError });
    }
  };

  return (
    <Dialog
      onClose={onClose}
      title={created ? TEXTS.tokenTitle : server ? TEXTS.editTitle(server.name) : TEXTS.newServer}
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
              label={server ? TEXTS.save : TEXTS.create}
              pending={create.isPending || update.isPending}
              testId="streaming-server-submit"
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
