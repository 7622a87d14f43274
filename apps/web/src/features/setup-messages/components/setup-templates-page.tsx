import { Badge, Code, Group, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { SETUP_PLACEHOLDERS, type SetupPlaceholder } from '@panel/shared/setup-messages/render-setup-message';
import { SETUP_APP_LABELS, type SetupApp } from '@panel/shared/setup-messages/setup-apps';
import {
  SETUP_MESSAGES,
  setupTemplateInputSchema,
  type SetupTemplate,
} from '@panel/shared/setup-messages/setup-messages-api';
import { QueryBody } from '@/components/query-body';
import { SaveRestoreActions } from '@/components/save-restore-actions';
import { ApiError } from '@/lib/api-client';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useChangeSetupTemplate, useSetupTemplates } from '../api/setup-templates';
import { SETUP_TEMPLATE_TEXTS as TEXTS } from './setup-templates-texts';

const PLACEHOLDER_NAMES = Object.keys(SETUP_PLACEHOLDERS) as SetupPlaceholder[];

/** One app's editor; keyed by app and saved text, so switching app or saving starts from the stored text. */
function TemplateEditor({ template }: { template: SetupTemplate }) {
  const change = useChangeSetupTemplate();
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const label = SETUP_APP_LABELS[template.app];

  const run = (next: string | null, done: string) =>
    change.mutateAsync({ app: template.app, body: next }).then(
      () => showSuccessToast(done),
      (failure: unknown) => {
        if (classifySessionFailure(failure)) return;
        if (failure instanceof ApiError && failure.field === 'body') setError(failure.message);
        else showErrorToast(failure);
      },
    );

  const save = () => {
    const parsed = setupTemplateInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SETUP_MESSAGES.required);
      return;
    }
    setError(null);
    void run(body, SETUP_MESSAGES.saved);
  };

  return (
    <Stack gap="sm" data-testid="setup-template-editor">
      <Group gap="xs">
        <Text fw={500}>{label}</Text>
        <Badge color={template.edited ? 'blue' : 'gray'} variant="light" data-testid="setup-template-status">
          {template.edited ? TEXTS.edited : TEXTS.default}
        </Badge>
      </Group>
      <Textarea
        label={TEXTS.body}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        autosize
        minRows={10}
        maxRows={24}
        data-testid="setup-template-body"
      />
      <SaveRestoreActions
        onSave={save}
        onRestore={() => run(null, SETUP_MESSAGES.restored)}
        pending={change.isPending}
        restoreDisabled={!template.edited}
        saveLabel={TEXTS.save}
        restoreLabel={TEXTS.restore}
        restoreMessage={TEXTS.restoreConfirm(label)}
        testId="setup-template"
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
      <Table withRowBorders={false} verticalSpacing={2} data-testid="setup-template-placeholders">
        <Table.Tbody>
          {PLACEHOLDER_NAMES.map((name) => (
            <Table.Tr key={name}>
              <Table.Td w={140}>
                <Code>{`{${name}}`}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{SETUP_PLACEHOLDERS[name]}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * /admin/setup-messages (admin only, decision 0050): the setup message of each client app, edited in
 * place with the list of placeholders; 'Restaurar padrão' goes back to the panel's default text.
 */
export function SetupTemplatesPage() {
  const templates = useSetupTemplates();
  const [app, setApp] = useState<SetupApp | null>(null);
  return (
    <Stack gap="md">
      <Title order={2}>{TEXTS.title}</Title>
      <Text size="sm" c="dimmed">
        {TEXTS.intro}
      </Text>
      <QueryBody
        query={templates}
        testId="setup-templates"
        isEmpty={(rows) => rows.length === 0}
        empty={<Text>{TEXTS.empty}</Text>}
      >
        {(rows) => {
          const template = rows.find((row) => row.app === app) ?? rows[0]!;
          return (
            <Stack gap="md">
              <Select
                label={TEXTS.app}
                data={rows.map((row) => ({ value: row.app, label: SETUP_APP_LABELS[row.app] }))}
                value={template.app}
                onChange={(value) => value && setApp(value as SetupApp)}
                allowDeselect={false}
                maw={320}
                data-testid="setup-template-app"
              />
              <TemplateEditor key={`${template.app}:${template.body}`} template={template} />
              <PlaceholderList />
            </Stack>
          );
        }}
      </QueryBody>
    </Stack>
  );
}
