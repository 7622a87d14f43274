import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { classifySessionFailure } from '@/lib/session-failure';
import { DialogActions } from '@/components/dialog-actions';
import { showSuccessToast } from '@/lib/toasts';
import { useCleanupLines, type CleanupKind } from '../api/cleanup-lines';
import { CLEANUP_ERRORS, CLEANUP_LABEL } from './line-texts';

/** The four actions of docs/product/screens.md#cleanup, in its order. */
export const CLEANUP_ACTIONS: { kind: CleanupKind; label: string; question: string; testId: string }[] = [
  {
    kind: 'expired-trials',
    label: 'Remover testes expirados',
    question: 'Deseja realmente remover todos os testes expirados?',
    testId: 'cleanup-expired-trials',
  },
  ...([30, 10, 3] as const).map((days) => ({
    kind: days,
    label: `Remover usuários expirados há mais de ${days} dias`,
    question: `Deseja realmente remover os usuários expirados há mais de ${days} dias?`,
    testId: `cleanup-expired-${days}`,
  })),
];

/**
 * docs/product/messages.md#line-messages: the server's message, else 'Erro ao remover usuários'; no answer at all: 'Erro ao
 * conectar com o servidor'.
 */
export function cleanupErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.network) return CLEANUP_ERRORS.unreachable;
    const body = error.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : CLEANUP_ERRORS.failed;
  }
  return CLEANUP_ERRORS.failed;
}

type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

/** 'Limpeza' (test id `cleanup-dialog`): pick an action, confirm it, read how many lines went. */
export function CleanupDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const cleanup = useCleanupLines();
  const [pending, setPending] = useState<(typeof CLEANUP_ACTIONS)[number] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const close = () => {
    setPending(null);
    setOutcome(null);
    onClose();
  };

  const confirm = () => {
    if (!pending) return;
    cleanup.mutate(pending.kind, {
      onSuccess: (result) => {
        setOutcome({ ok: true, message: result.message });
        if (result.deleted_count > 0) showSuccessToast(result.message);
      },
      onError: (error) => {
        // A lost session goes to the lock or login screen through the global handler.
        if (!classifySessionFailure(error)) setOutcome({ ok: false, message: cleanupErrorText(error) });
      },
      onSettled: () => setPending(null),
    });
  };

  return (
    <Dialog opened={opened} onClose={close} title={CLEANUP_LABEL} testId="cleanup-dialog">
      {pending ? (
        <Stack gap="md" data-testid="cleanup-confirm">
          <Text>{pending.question}</Text>
          <Text size="sm" c="dimmed">
            Os usuários removidos não podem ser recuperados e não há devolução de créditos.
          </Text>
          <DialogActions
            onCancel={() => setPending(null)}
            cancelTestId="cleanup-confirm-cancel"
            onConfirm={confirm}
            label="Remover"
            color="red"
            pending={cleanup.isPending}
            testId="cleanup-confirm-confirm"
          />
        </Stack>
      ) : (
        <Stack gap="sm">
          {outcome && (
            <Alert color={outcome.ok ? 'teal' : 'red'} role="status" data-testid="cleanup-result">
              {outcome.message}
            </Alert>
          )}
          {CLEANUP_ACTIONS.map((action) => (
            <Button
              key={action.testId}
              variant="light"
              color="red"
              justify="flex-start"
              leftSection={<IconTrash size={16} />}
              onClick={() => {
                setOutcome(null);
                setPending(action);
              }}
              data-testid={action.testId}
            >
              {action.label}
            </Button>
          ))}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} data-testid="cleanup-close">
              Fechar
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
