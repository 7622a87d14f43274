import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { COPY_TOAST_MS, TOAST_MS } from '@panel/shared/ui/ui-constants';
import { mapError } from './map-error';

/**
 * docs/product/messages.md#toasts: success toasts carry the title 'Sucesso' (the specification's 'Success' is
 * English; docs/product/contradictions.md#toast-titles) and stay 6000 ms.
 */
export const SUCCESS_TITLE = 'Sucesso';
export const COPIED_TEXT = 'Copiado para a área de transferência!';
/** docs/product/messages.md#toasts "action done": block, unblock, remove, transfer and other one-click actions. */
export const ACTION_DONE_TEXT = 'Ação realizada com sucesso!';

export function showSuccessToast(message: string): void {
  notifications.show({
    title: SUCCESS_TITLE,
    message,
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: TOAST_MS,
  });
}

export function showCopiedToast(): void {
  notifications.show({
    title: SUCCESS_TITLE,
    message: COPIED_TEXT,
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: COPY_TOAST_MS,
  });
}

/** The "small toasts" of docs/product/messages.md#toasts (new user, trial, disconnect, TV, request): compact, 6 s, progress bar. */
export function showSmallToast(message: string): void {
  notifications.show({
    message,
    color: 'teal',
    autoClose: TOAST_MS,
    withAutoCloseProgress: true,
    withBorder: true,
    p: 'xs',
    fz: 'sm',
    maw: 320,
    ml: 'auto',
    'data-small-toast': true,
  });
}

/** A form that cannot be sent yet says why (docs/product/rules.md#transfer-form: 'Por favor informe o revenda'). */
export function showWarningToast(message: string): void {
  notifications.show({
    title: 'Atenção',
    message,
    color: 'yellow',
    icon: <IconAlertTriangle size={18} />,
    autoClose: TOAST_MS,
  });
}

/** Error toast with the mapped title and message (server message first). */
export function showErrorToast(error: unknown): void {
  const { title, message } = mapError(error);
  notifications.show({ title, message, color: 'red', icon: <IconX size={18} />, autoClose: TOAST_MS });
}
