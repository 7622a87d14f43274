import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { REMINDER_LIST_MAX } from '@panel/shared/reminders/reminders-api';
import {
  REMINDER_WINDOW_LABELS,
  REMINDER_WINDOWS,
  type ReminderWindow,
} from '@panel/shared/reminders/reminder-windows';
import { QueryBody } from '@/components/query-body';
import { useReminders } from '../api/list-reminders';
import { ReminderCard } from './reminder-card';
import { ReminderTemplatesDialog } from './reminder-templates-dialog';
import { REMINDER_TEXTS as TEXTS } from './reminders-texts';

/**
 * /reminders, 'Lembretes' (decisions 0171, 0172): the caller's customers expiring in 7, 3 and 1 days and
 * those that expired yesterday, one window at a time, each with its WhatsApp message; the reseller's
 * templates in the 'Modelos de mensagem' dialog.
 */
export function RemindersPage() {
  const [window, setWindow] = useState<ReminderWindow>('7');
  const [editing, setEditing] = useState(false);
  const reminders = useReminders(window);
  const counts = reminders.data?.counts;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2}>{TEXTS.title}</Title>
        <Button
          variant="default"
          leftSection={<IconTemplate size={18} aria-hidden />}
          onClick={() => setEditing(true)}
          data-testid="reminder-templates-open"
        >
          {TEXTS.templates}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {TEXTS.intro}
      </Text>
      <SegmentedControl
        aria-label={TEXTS.window}
        value={window}
        onChange={(value) => setWindow(value as ReminderWindow)}
        data={REMINDER_WINDOWS.map((each) => ({
          value: each,
          label: counts ? `${REMINDER_WINDOW_LABELS[each]} (${counts[each]})` : REMINDER_WINDOW_LABELS[each],
        }))}
        orientation="horizontal"
        fullWidth
        styles={{ label: { whiteSpace: 'normal' } }}
        data-testid="reminder-windows"
      />
      <QueryBody
        query={reminders}
        testId="reminders"
        isEmpty={(list) => list.data.length === 0}
        empty={<Text data-testid="reminders-empty">{TEXTS.empty}</Text>}
      >
        {(list) => (
          <Stack gap="sm">
            {list.data.map((reminder) => (
              <ReminderCard key={reminder.line_id} reminder={reminder} window={list.window} />
            ))}
            {list.counts[list.window] > REMINDER_LIST_MAX ? (
              <Text size="sm" c="dimmed">
                {TEXTS.more(list.data.length, list.counts[list.window])}
              </Text>
            ) : null}
          </Stack>
        )}
      </QueryBody>
      {editing ? <ReminderTemplatesDialog initial={window} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
