import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { Reminder } from '@panel/shared/reminders/reminders-api';
import type { ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { formatIsoDateTime } from '@/lib/format-date';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast } from '@/lib/toasts';
import { useMarkReminderSent } from '../api/mark-reminder-sent';
import { REMINDER_TEXTS as TEXTS } from './reminders-texts';

/**
 * One customer to remind: who, when, the message, and the button that opens WhatsApp with it (a link, so
 * the browser opens it as the click's own navigation) and marks the reminder as sent.
 */
export function ReminderCard({ reminder, window }: { reminder: Reminder; window: ReminderWindow }) {
  const mark = useMarkReminderSent();
  const send = () =>
    mark.mutateAsync({ lineId: reminder.line_id, window }).catch((failure: unknown) => {
      if (!classifySessionFailure(failure)) showErrorToast(failure);
    });
  return (
    <Card withBorder radius="md" p="md" data-testid="reminder-card">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Text fw={600}>{reminder.full_name || reminder.username}</Text>
            <Text size="sm" c="dimmed">
              {reminder.username} · {TEXTS.expires}: {formatIsoDateTime(reminder.exp_date)}
            </Text>
          </div>
          {reminder.sent_at ? (
            <Badge color="green" variant="light" data-testid="reminder-sent">
              {TEXTS.sentBadge} {formatIsoDateTime(reminder.sent_at)}
            </Badge>
          ) : null}
        </Group>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="reminder-message"
        >
          {reminder.message}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text
            size="sm"
            c={reminder.phone ? undefined : 'dimmed'}
            title={reminder.phone ? undefined : TEXTS.noPhone}
          >
            {TEXTS.phone}: {reminder.phone || TEXTS.noPhoneShort}
          </Text>
          <Button
            component="a"
            href={reminder.whatsapp_url}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            variant={reminder.sent_at ? 'light' : 'filled'}
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
            onClick={() => void send()}
            data-testid="reminder-send"
          >
            {reminder.sent_at ? TEXTS.sendAgain : TEXTS.send}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
