import { Badge, Button, Divider, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { NEWS_MESSAGES, newsUpdateSchema, type AdminNews } from '@panel/shared/news/news-schema';
import {
  PANEL_TEXT_TITLES,
  panelTextInputSchema,
  PANEL_TEXTS_MESSAGES,
  type PanelText,
  type PanelTextKey,
} from '@panel/shared/panel-texts/panel-texts-api';
import { isRichTextBlank } from '@panel/shared/rich-text/rich-text';
import { EMPTY_TABLE_TEXT } from '@/components/data-table/footer-text';
import { QueryBody } from '@/components/query-body';
import { SaveRestoreActions } from '@/components/save-restore-actions';
import { ApiError } from '@/lib/api-client';
import { markMessageModalShown } from '@/lib/message-modal-flag';
import { mapError } from '@/lib/map-error';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useAdminNews, useSaveNews } from '../api/admin-news';
import { useChangePanelText, usePanelTexts } from '../api/panel-texts';
import { ImportantMessage } from './important-message';
import { NEWS_TEXTS as TEXTS } from './news-texts';
import { RichTextEditor } from './rich-text-editor';

/** A refusal naming `field` goes under the editor; anything else is a toast (sessions: the global handler). */
function handleRefusal(failure: unknown, field: string, setError: (message: string) => void) {
  if (classifySessionFailure(failure)) return;
  if (failure instanceof ApiError && failure.field === field) setError(mapError(failure).message);
  else showErrorToast(failure);
}

/** The global message: the pop-up switch, the editor, the preview titled 'Aviso!' and 'Salvar'. */
function NewsForm({ news }: { news: AdminNews }) {
  const save = useSaveNews();
  const [message, setMessage] = useState(news.message);
  const [enabled, setEnabled] = useState(news.show_modal_message);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = newsUpdateSchema.safeParse({ message, show_modal_message: enabled });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NEWS_MESSAGES.requiredWhenOn);
      return;
    }
    setError(null);
    // The form is keyed by the saved version and remounts on success: a promise, not mutate's callbacks
    // (those of an unmounted observer never run).
    void save.mutateAsync(parsed.data).then(
      () => {
        // The admin has just seen the message in the preview: no pop-up of it on this browser.
        markMessageModalShown();
        showSuccessToast(NEWS_MESSAGES.saved);
      },
      (failure: unknown) => handleRefusal(failure, 'message', setError),
    );
  };

  return (
    <Stack gap="md" data-testid="admin-news-form">
      <Switch
        label={TEXTS.switchLabel}
        description={TEXTS.switchHint}
        checked={enabled}
        onChange={(event) => {
          setEnabled(event.currentTarget.checked);
          setError(null);
        }}
        data-testid="admin-news-switch"
      />
      <RichTextEditor
        initial={news.message}
        label={TEXTS.message}
        error={error}
        onChange={(html) => {
          setMessage(html);
          setError(null);
        }}
        testId="admin-news-editor"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {TEXTS.preview}
        </Text>
        <Paper withBorder p="md" radius="md" data-testid="admin-news-preview">
          <Title order={4} mb="xs">
            {TEXTS.previewTitle}
          </Title>
          {isRichTextBlank(message) ? (
            <Text c="dimmed">{TEXTS.previewEmpty}</Text>
          ) : (
            <ImportantMessage message={message} />
          )}
        </Paper>
      </Stack>
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={submit}
          loading={save.isPending}
          data-testid="admin-news-save"
        >
          {TEXTS.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** One dialog text's editor; keyed by text and saved body, so switching or saving starts from the stored text. */
function PanelTextForm({ text }: { text: PanelText }) {
  const change = useChangePanelText();
  const [body, setBody] = useState(text.body);
  const [error, setError] = useState<string | null>(null);
  const title = PANEL_TEXT_TITLES[text.key];

  // Keyed by the saved body, the form remounts on success: a promise, as for the news.
  const run = (next: string | null, done: string) =>
    change.mutateAsync({ key: text.key, body: next }).then(
      () => showSuccessToast(done),
      (failure: unknown) => handleRefusal(failure, 'body', setError),
    );

  const submit = () => {
    const parsed = panelTextInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PANEL_TEXTS_MESSAGES.required);
      return;
    }
    setError(null);
    void run(body, PANEL_TEXTS_MESSAGES.saved);
  };

  return (
    <Stack gap="sm" data-testid="panel-text-form">
      <Group gap="xs">
        <Text fw={500}>{title}</Text>
        <Badge color={text.edited ? 'blue' : 'gray'} variant="light" data-testid="panel-text-status">
          {text.edited ? TEXTS.edited : TEXTS.default}
        </Badge>
      </Group>
      <RichTextEditor
        initial={text.body}
        label={TEXTS.body}
        error={error}
        onChange={(html) => {
          setBody(html);
          setError(null);
        }}
        testId="panel-text-editor"
      />
      <SaveRestoreActions
        onSave={submit}
        onRestore={() => run(null, PANEL_TEXTS_MESSAGES.restored)}
        pending={change.isPending}
        restoreDisabled={!text.edited}
        saveLabel={TEXTS.save}
        restoreLabel={TEXTS.restore}
        restoreMessage={TEXTS.restoreConfirm(title)}
        testId="panel-text"
      />
    </Stack>
  );
}

function PanelTextsSection() {
  const texts = usePanelTexts();
  const [key, setKey] = useState<PanelTextKey | null>(null);
  return (
    <QueryBody
      query={texts}
      testId="panel-texts"
      isEmpty={(rows) => rows.length === 0}
      empty={<Text>{EMPTY_TABLE_TEXT}</Text>}
    >
      {(rows) => {
        const text = rows.find((row) => row.key === key) ?? rows[0]!;
        return (
          <Stack gap="md">
            <Select
              label={TEXTS.text}
              data={rows.map((row) => ({ value: row.key, label: PANEL_TEXT_TITLES[row.key] }))}
              value={text.key}
              onChange={(value) => value && setKey(value as PanelTextKey)}
              allowDeselect={false}
              maw={360}
              data-testid="panel-text-key"
            />
            <PanelTextForm key={`${text.key}:${text.body}`} text={text} />
          </Stack>
        );
      }}
    </QueryBody>
  );
}

/**
 * /admin/news (admin only; docs/product/screens.md#global-message): the global message with its pop-up
 * switch, and below it the texts of the menu's dialogs (decision 0059: one page, no new menu item).
 */
export function AdminNewsPage() {
  const news = useAdminNews();
  return (
    <Stack gap="lg">
      <Title order={2}>{TEXTS.title}</Title>
      <QueryBody query={news} testId="admin-news" isEmpty={() => false} empty={null}>
        {(loaded) => <NewsForm key={loaded.updated_at} news={loaded} />}
      </QueryBody>
      <Divider />
      <Stack gap="xs">
        <Title order={3}>{TEXTS.textsTitle}</Title>
        <Text size="sm" c="dimmed">
          {TEXTS.textsIntro}
        </Text>
      </Stack>
      <PanelTextsSection />
    </Stack>
  );
}
