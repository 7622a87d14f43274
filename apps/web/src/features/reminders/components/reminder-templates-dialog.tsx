import { Badge, Code, Group, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { REMINDER_PLACEHOLDERS, type ReminderPlaceholder } from '@panel/shared/reminders/reminder-templates';
import { REMINDER_WINDOW_LABELS, type ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { reminderTemplateInputSchema, type ReminderTemplate } from '@panel/shared/reminders/reminders-api';
import { Dialog } from '@/components/dialog';
import { QueryBody } from '@/components/query-body';
import { SaveRestoreActions } from '@/components/save-restore-actions';
import { ApiError } from '@/lib/api-client';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useChangeReminderTemplate } from '../api/change-reminder-template';
import { useReminderTemplates } from '../api/list-reminder-templates';
import { REMINDER_TEXTS as TEXTS } from './reminders-texts';

const PLACEHOLDER_NAMES = Object.keys(REMINDER_PLACEHOLDERS) as ReminderPlaceholder[];

/** One window's editor; keyed by window and saved text, so switching or saving starts from the stored text. */
function TemplateEditor({ template }: { template: ReminderTemplate }) {
  const change = useChangeReminderTemplate();
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const label = REMINDER_WINDOW_LABELS[template.window];

  const run = (next: string | null, done: string) =>
    change.mutateAsync({ window: template.window, body: next }).then(
      () => showSuccessToast(done),
      (failure: unknown) => {
        if (classifySessionFailure(failure)) return;
        if (failure instanceof ApiError && failure.field === 'body') setError(failure.message);
        else showErrorToast(failure);
      },
    );

  const save = () => {
    const parsed = reminderTemplateInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEXTS.required);
      return;
    }
    setError(null);
    void run(body, TEXTS.saved);
  };

  return (
    <Stack gap="sm">
      <Badge color={template.edited ? 'blue' : 'gray'} variant="light" data-testid="reminder-template-status">
        {template.edited ? TEXTS.edited : TEXTS.default}
      </Badge>
      <Textarea
        label={TEXTS.body}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        autosize
        minRows={4}
        maxRows={12}
        data-testid="reminder-template-body"
      />
      <SaveRestoreActions
        onSave={save}
        onRestore={() => run(null, TEXTS.restored)}
        pending={change.isPending}
        restoreDisabled={!template.edited}
        saveLabel={TEXTS.save}
        restoreLabel={TEXTS.restore}
        restoreMessage={TEXTS.restoreConfirm(label)}
        testId="reminder-template"
      />
    </Stack>
  );
}

function PlaceholderList() {
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {TEXTS.placeholders}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {PLACEHOLDER_NAMES.map((name) => (
            <Table.Tr key={name}>
              <Table.Td w={130}>
                <Code>{`{${name}}`}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{REMINDER_PLACEHOLDERS[name]}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** 'Modelos de mensagem': the reseller's text of each window, with the placeholders (decision 0172). */
export function ReminderTemplatesDialog({
  initial,
  onClose,
}: {
  initial: ReminderWindow;
  onClose: () => void;
}) {
  const templates = useReminderTemplates();
  const [window, setWindow] = useState<ReminderWindow>(initial);
  return (
    <Dialog title={TEXTS.templatesTitle} onClose={onClose} size="lg" testId="reminder-templates-dialog">
      <QueryBody
        query={templates}
        testId="reminder-templates"
        isEmpty={(rows) => rows.length === 0}
        empty={null}
        compact
      >
        {(rows) => {
          const template = rows.find((row) => row.window === window) ?? rows[0]!;
          return (
            <Stack gap="md">
              <Group>
                <Select
                  label={TEXTS.templateWindow}
                  data={rows.map((row) => ({ value: row.window, label: REMINDER_WINDOW_LABELS[row.window] }))}
                  value={template.window}
                  onChange={(value) => value && setWindow(value as ReminderWindow)}
                  allowDeselect={false}
                  maw={320}
                  data-testid="reminder-template-window"
                />
              </Group>
              <TemplateEditor key={`${template.window}:${template.body}`} template={template} />
              <PlaceholderList />
            </Stack>
          );
        }}
      </QueryBody>
    </Dialog>
  );
}
