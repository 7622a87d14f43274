import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGE_MODAL_PREVIEW_CHARS, truncate } from '@panel/shared/ui/ui-constants';
import { SafeRichText, richTextToPlain } from '@/components/safe-rich-text';

/** The notice text: cut to 120 characters with a 'Ver mais' toggle (docs/product/screens.md#important-message). */
export function ImportantMessage({ message }: { message: string }) {
  const [expanded, setExpanded] = useState(false);
  const plain = richTextToPlain(message);
  const isLong = plain.length > MESSAGE_MODAL_PREVIEW_CHARS;

  return (
    <Stack gap="xs">
      <Text component="div" data-testid="important-message" style={{ overflowWrap: 'anywhere' }}>
        {isLong && !expanded ? truncate(plain, MESSAGE_MODAL_PREVIEW_CHARS) : <SafeRichText html={message} />}
      </Text>
      {isLong && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Ver menos' : 'Ver mais'}
        </Anchor>
      )}
    </Stack>
  );
}
