import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGE_MODAL_PREVIEW_CHARS } from '@panel/shared/ui/ui-constants';
import { richTextLength, SafeRichText } from '@/components/safe-rich-text';

/**
 * The notice text, bold and italic kept: cut to 120 characters of text with a 'Ver mais' toggle
 * (docs/product/screens.md#important-message).
 */
export function ImportantMessage({ message }: { message: string }) {
  const [expanded, setExpanded] = useState(false);
  const isLong = richTextLength(message) > MESSAGE_MODAL_PREVIEW_CHARS;

  return (
    <Stack gap="xs">
      <Text component="div" data-testid="important-message" style={{ overflowWrap: 'anywhere' }}>
        <SafeRichText html={message} limit={isLong && !expanded ? MESSAGE_MODAL_PREVIEW_CHARS : undefined} />
      </Text>
      {isLong && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Ver menos' : 'Ver mais'}
        </Anchor>
      )}
    </Stack>
  );
}
