import { ActionIcon, Group, Input } from '@mantine/core';
import { IconBold, IconItalic } from '@tabler/icons-react';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useId, type MouseEvent } from 'react';
import classes from './rich-text-editor.module.css';
import { NEWS_TEXTS } from './news-texts';

// Paragraphs, line breaks, bold and italic: the editor's schema is the server's allow-list (decision 0059),
// so pasted markup is reduced to it before it is ever sent.
const EXTENSIONS = [Document, Paragraph, Text, HardBreak, Bold, Italic, UndoRedo];

/**
 * A toolbar button must not take the focus from the text: the next key typed (a space) would press the
 * button again instead of reaching the editor.
 */
function keepEditorFocus(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

interface RichTextEditorProps {
  /** The text the editor starts from; key the component to start again from another. */
  initial: string;
  onChange: (html: string) => void;
  label: string;
  error?: string | null;
  /** `data-testid` of the editable area; the buttons get `{testId}-bold` and `{testId}-italic`. */
  testId: string;
}

/** A rich-text editor with bold and italic only (docs/product/screens.md#global-message), on Tiptap. */
export function RichTextEditor({ initial, onChange, label, error, testId }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        class: classes.content!,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'data-testid': testId,
      },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
    }),
  });

  return (
    <Input.Wrapper label={label} labelElement="div" id={labelId} error={error}>
      <div className={classes.frame} data-error={error ? true : undefined}>
        <Group gap={4} className={classes.toolbar}>
          <ActionIcon
            variant={active?.bold ? 'filled' : 'subtle'}
            aria-label={NEWS_TEXTS.bold}
            aria-pressed={active?.bold ?? false}
            onMouseDown={keepEditorFocus}
            onClick={() => editor.chain().focus().toggleBold().run()}
            data-testid={`${testId}-bold`}
          >
            <IconBold size={16} />
          </ActionIcon>
          <ActionIcon
            variant={active?.italic ? 'filled' : 'subtle'}
            aria-label={NEWS_TEXTS.italic}
            aria-pressed={active?.italic ?? false}
            onMouseDown={keepEditorFocus}
            onClick={() => editor.chain().focus().toggleItalic().run()}
            data-testid={`${testId}-italic`}
          >
            <IconItalic size={16} />
          </ActionIcon>
        </Group>
        <EditorContent editor={editor} />
      </div>
    </Input.Wrapper>
  );
}
