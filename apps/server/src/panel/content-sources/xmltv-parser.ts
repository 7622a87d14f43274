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

/**
 * XMLTV's time (decision 0126): `YYYYMMDDhhmmss` or an initial part of it down to the hour (minutes and
 * seconds default to 0), then an optional time zone: `+HHMM`, `+HH:MM`, `+HH`, or `Z`/`UTC`/`GMT`. No
 * zone means UTC, as the XMLTV DTD says. Anything else (a named zone such as `BST`, whose offset is not
 * in the file, a 13th month, trailing text) is not a time: the programme is skipped rather than
 * placed at a guessed hour.
 */
const XMLTV_TIME =
  /^(\d{4})(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2})?)?\s*(?:([+-])(\d{2})(?::?(\d{2}))?|(Z|UTC|GMT))?$/i;

/** "20250101120000 +0200" → the instant 10:00 UTC; no offset: UTC. Invalid: undefined. */
export function parseXmltvTime(text: string | undefined): Date | undefined {
  const match = XMLTV_TIME.exec((text ?? '').trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute = '00', second = '00', sign, zoneHours, zoneMinutes = '00'] = match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, se] = fields;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return undefined;
  const local = Date.UTC(y, mo - 1, d, h, mi, se);
  // 31 February and the like roll over in Date.UTC: not a date.
  if (new Date(local).getUTCDate() !== d) return undefined;
  let offsetMinutes = 0;
  if (sign) {
    const hours = Number(zoneHours);
    const minutes = Number(zoneMinutes);
    if (hours > 14 || minutes > 59) return undefined;
    offsetMinutes = (sign === '+' ? 1 : -1) * (hours * 60 + minutes);
  }
  // The file's clock says `local` at `offsetMinutes` east of UTC: the instant is that much earlier.
  return new Date(local - offsetMinutes * 60_000);
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
