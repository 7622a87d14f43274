import { programmeHasArchive } from '@panel/shared/content/catchup';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import {
  allProgrammes,
  findVisibleLiveChannel,
  upcomingProgrammes,
  type ProgrammeRow,
} from '../content/content-read.repository';
import type { PortalLine } from './portal-line.repository';
import { localDateTime, localDay, localTime } from './portal-time';

/**
 * The guide in the portal (docs/product/portal.md): itv/get_short_epg (now and next) and
 * epg/get_simple_data_table (a day of a channel, a page at a time), from the same programmes xmltv.php
 * and player_api read. `mark_archive` / `has_archive` say whether a past programme can be watched again
 * (tv_archive/create_link with `auto /media/<id>.mpg`, the row's id): ended inside the channel's catch-up
 * window, the rule player_api's has_archive follows (decision 0120).
 */
const DATA_TABLE_PAGE = 10;
const DEFAULT_SHORT_EPG = 4;
const MAX_SHORT_EPG = 50;

function programmeRow(
  programme: ProgrammeRow,
  channelId: number,
  timeZone: string,
  archiveDays: number,
  now: Date,
) {
  const archived = programmeHasArchive(programme.stopsAt, archiveDays, now) ? 1 : 0;
  return {
    id: String(programme.id),
    ch_id: String(channelId),
    time: localDateTime(timeZone, programme.startsAt),
    time_to: localDateTime(timeZone, programme.stopsAt),
    duration: unixSeconds(programme.stopsAt) - unixSeconds(programme.startsAt),
    name: programme.title,
    descr: programme.description,
    real_id: `${channelId}_${unixSeconds(programme.startsAt)}`,
    category: '',
    director: '',
    actor: '',
    start_timestamp: unixSeconds(programme.startsAt),
    stop_timestamp: unixSeconds(programme.stopsAt),
    t_time: localTime(timeZone, programme.startsAt),
    t_time_to: localTime(timeZone, programme.stopsAt),
    open: programme.stopsAt > now ? 1 : 0,
    mark_memo: 0,
    mark_rec: 0,
    mark_archive: archived,
    has_archive: archived,
  };
}

function channelIdOf(value: string | undefined): number | undefined {
  return value && /^\d{1,10}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;
}

/** itv/get_short_epg&ch_id=&size=: the programme on now and the next ones. */
export async function shortEpg(
  db: Database,
  line: PortalLine,
  query: { ch_id?: string; size?: string },
  timeZone: string,
  now = new Date(),
) {
  const channelId = channelIdOf(query.ch_id);
  const channel =
    channelId === undefined ? undefined : await findVisibleLiveChannel(db, channelId, line.bouquets);
  if (!channelId || !channel?.epgChannelId) return [];
  const size = Math.min(channelIdOf(query.size) ?? DEFAULT_SHORT_EPG, MAX_SHORT_EPG);
  const rows = await upcomingProgrammes(db, channel.epgChannelId, now, size);
  return rows.map((row) => programmeRow(row, channelId, timeZone, channel.archiveDays, now));
}

/**
 * epg/get_simple_data_table&ch_id=&date=YYYY-MM-DD&p=: the day's programmes (the box's timezone), ten a
 * page; page 0 (or none) of today is the page holding the programme on now, selected.
 */
export async function simpleDataTable(
  db: Database,
  line: PortalLine,
  query: { ch_id?: string; date?: string; p?: string },
  timeZone: string,
  now = new Date(),
) {
  const empty = { cur_page: 0, selected_item: 0, total_items: 0, max_page_items: DATA_TABLE_PAGE, data: [] };
  const channelId = channelIdOf(query.ch_id);
  const channel =
    channelId === undefined ? undefined : await findVisibleLiveChannel(db, channelId, line.bouquets);
  if (!channelId || !channel?.epgChannelId) return empty;
  const day = query.date && /^\d{4}-\d{2}-\d{2}$/.test(query.date) ? query.date : localDay(timeZone, now);
  const programmes = (await allProgrammes(db, channel.epgChannelId)).filter(
    (row) => localDay(timeZone, row.startsAt) === day,
  );
  const onNow = programmes.findIndex((row) => row.startsAt <= now && now < row.stopsAt);
  const asked = query.p && /^\d{1,6}$/.test(query.p) ? Number(query.p) : 0;
  const current =
    asked > 0
      ? asked
      : onNow >= 0 && day === localDay(timeZone, now)
        ? Math.floor(onNow / DATA_TABLE_PAGE) + 1
        : 1;
  const rows = programmes.slice((current - 1) * DATA_TABLE_PAGE, current * DATA_TABLE_PAGE);
  const selected = asked === 0 && onNow >= 0 ? (onNow % DATA_TABLE_PAGE) + 1 : 0;
  return {
    cur_page: current,
    selected_item: selected,
    total_items: programmes.length,
    max_page_items: DATA_TABLE_PAGE,
    data: rows.map((row) => programmeRow(row, channelId, timeZone, channel.archiveDays, now)),
  };
}
