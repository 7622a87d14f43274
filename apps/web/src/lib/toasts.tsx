import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { COPY_TOAST_MS, TOAST_MS } from '@panel/shared/ui/ui-constants';
import { mapError } from './map-error';

/** Spec §8: success toasts carry the title 'Success' and stay 6000 ms. */
export const SUCCESS_TITLE = 'Success';
export const COPIED_TEXT = 'Copiado para a área de transferência!';

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

/** The "small toasts" of spec §8 (new user, trial, disconnect, TV, request): compact, 6 s, progress bar. */
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

/** Error toast with the mapped title and message (server message first). */
export function showErrorToast(error: unknown): void {
  const { title, message } = mapError(error);
  notifications.show({ title, message, color: 'red', icon: <IconX size={18} />, autoClose: TOAST_MS });
}
