import type { Readable } from 'node:stream';
import { CONTENT_MESSAGES } from '@panel/shared/content-sources/content-sources-api';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SyncError } from './upstream-input';

/**
 * An XMLTV guide read as a stream with saxes (decision 0038): the parser is fed chunk by chunk and the
 * channels and programmes found in each chunk leave the generator before the next one is read, so a
 * 200 MB guide never sits whole in memory.
 */
export interface XmltvChannel {
  type: 'channel';
  id: string;
  displayName: string;
  icon: string | null;
}
export interface XmltvProgramme {
  type: 'programme';
  channelId: string;
  startsAt: Date;
  stopsAt: Date;
  title: string;
  description: string;
  lang: string;
}
export type XmltvItem = XmltvChannel | XmltvProgramme;

const XMLTV_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?\s*(?:([+-])(\d{2}):?(\d{2}))?/;

/** "20250101120000 +0200" → the instant; no offset: UTC. Invalid: undefined. */
export function parseXmltvTime(text: string | undefined): Date | undefined {
  const match = XMLTV_TIME.exec((text ?? '').trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', sign, offsetHours, offsetMinutes] = match;
  let time = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (sign) {
    const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
    time += sign === '+' ? -offset : offset;
  }
  return Number.isNaN(time) ? undefined : new Date(time);
}

export async function* parseXmltv(input: Readable): AsyncGenerator<XmltvItem> {
  const parser = new SaxesParser();
  const found: XmltvItem[] = [];
  let failure: Error | undefined;

  // The element being read and the text of its current child.
  let channel: XmltvChannel | undefined;
  let programme: (Partial<XmltvProgramme> & { titleSet?: boolean; descSet?: boolean }) | undefined;
  let textOf: 'display-name' | 'title' | 'desc' | undefined;
  let text = '';
  let textLang = '';

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const attributes = tag.attributes;
    switch (tag.name) {
      case 'channel':
        channel = { type: 'channel', id: (attributes.id ?? '').trim(), displayName: '', icon: null };
        break;
      case 'programme':
        programme = {
          type: 'programme',
          channelId: (attributes.channel ?? '').trim(),
          startsAt: parseXmltvTime(attributes.start),
          stopsAt: parseXmltvTime(attributes.stop),
        };
        break;
      case 'icon':
        if (channel && !channel.icon && attributes.src) channel.icon = attributes.src;
        break;
      case 'display-name':
      case 'title':
      case 'desc':
        textOf = tag.name;
        text = '';
        textLang = attributes.lang ?? '';
        break;
      default:
        break;
    }
  });
  parser.on('text', (chunk) => {
    if (textOf) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (textOf) text += chunk;
  });
  parser.on('closetag', (tag) => {
    switch (tag.name) {
      case 'display-name':
        if (channel && !channel.displayName) channel.displayName = text.trim();
        textOf = undefined;
        break;
      case 'title':
        if (programme && !programme.titleSet) {
          programme.title = text.trim();
          programme.lang = textLang;
          programme.titleSet = true;
        }
        textOf = undefined;
        break;
      case 'desc':
        if (programme && !programme.descSet) {
          programme.description = text.trim();
          programme.descSet = true;
        }
        textOf = undefined;
        break;
      case 'channel':
        if (channel?.id) found.push({ ...channel, displayName: channel.displayName || channel.id });
        channel = undefined;
        break;
      case 'programme': {
        const item = programme;
        programme = undefined;
        if (
          item?.channelId &&
          item.startsAt &&
          item.stopsAt &&
          item.stopsAt > item.startsAt &&
          item.title !== undefined
        ) {
          found.push({
            type: 'programme',
            channelId: item.channelId,
            startsAt: item.startsAt,
            stopsAt: item.stopsAt,
            title: item.title,
            description: item.description ?? '',
            lang: item.lang ?? '',
          });
        }
        break;
      }
      default:
        break;
    }
  });
  parser.on('error', (error) => {
    failure ??= error;
  });

  const fail = (error: Error) => new SyncError(`${CONTENT_MESSAGES.guideInvalid} ${error.message}`);
  try {
    for await (const chunk of input) {
      parser.write(chunk as string);
      if (failure) throw fail(failure);
      // Hand over this chunk's items before reading on.
      for (const item of found) yield item;
      found.length = 0;
    }
    parser.close();
    if (failure) throw fail(failure);
    for (const item of found) yield item;
    found.length = 0;
  } finally {
    input.destroy();
  }
}
