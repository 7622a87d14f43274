import { describe, expect, it } from 'vitest';
import {
  STREAMING_SERVER_MESSAGES,
  streamingServerInputSchema,
  streamingServerUpdateSchema,
  tokenHintText,
} from './streaming-servers-api';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('streaming server input (decision 0045)', () => {
  it('takes a trimmed name and an optional http(s) control URL; blank means none', () => {
    expect(streamingServerInputSchema.parse({ name: ' Edge ' })).toEqual({ name: 'Edge', control_url: null });
    expect(streamingServerInputSchema.parse({ name: 'Edge', control_url: ' ' })).toEqual({
      name: 'Edge',
      control_url: null,
    });
    expect(
      streamingServerInputSchema.parse({ name: 'Edge', control_url: 'https://e.x/c?a=1' }).control_url,
    ).toBe('https://e.x/c?a=1');
  });

  it('refuses with the rule’s message', () => {
    expect(firstMessage(streamingServerInputSchema.safeParse({ name: '' }))).toBe(
      STREAMING_SERVER_MESSAGES.required,
    );
    expect(firstMessage(streamingServerInputSchema.safeParse({ name: 'x'.repeat(81) }))).toBe(
      STREAMING_SERVER_MESSAGES.nameMax,
    );
    expect(firstMessage(streamingServerInputSchema.safeParse({ name: 'x', control_url: 'ftp://e.x' }))).toBe(
      STREAMING_SERVER_MESSAGES.urlInvalid,
    );
  });

  it('an edit keeps what it omits and clears the URL with an empty one', () => {
    expect(streamingServerUpdateSchema.parse({})).toEqual({});
    expect(streamingServerUpdateSchema.parse({ control_url: '' })).toEqual({ control_url: null });
  });

  it('shows a token by its last characters', () => {
    expect(tokenHintText('abcd')).toBe('…abcd');
  });
});
