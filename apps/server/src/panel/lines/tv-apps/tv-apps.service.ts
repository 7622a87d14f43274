import { SYSTEMS } from '@panel/shared/catalog/packages';
import { playlistLinks } from '@panel/shared/content/playlist-links';
import type { Line } from '@panel/shared/lines/line-api';
import type { DreamTvCreateOutcome } from '@panel/shared/tv-apps/dreamtv-create-outcome';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import type { Database } from '../../../db/database';
import type { LineRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { Caller } from '../../auth/caller';
import { runLineAction } from '../line-action-runner';
import { lineRefusal } from '../line-errors';
import { requireLineInScope } from '../line-scope';
import type { ConnectTvClient } from './connect-tv-client';
import type { DreamTvClient, DreamTvPlaylist, DreamTvPlaylistRequest } from './dreamtv-client';
import { TvAppServiceError } from './tv-app-http';
import type { TvApps } from './tv-apps';

/** Where the TV app fetches the line's channels: the M3U Plus playlist on the public base URL (decision 0037). */
function playlistRequest(line: LineRow, mac: string, baseUrl: string): DreamTvPlaylistRequest {
  return { mac, name: line.username, url: playlistLinks(baseUrl, line.username, line.password).m3uPlus };
}

/** The line of the caller's subtree (404 otherwise), which must be IPTV (docs/product/rules.md#line-actions). */
async function requireIptvLine(db: Database, caller: Caller, id: number): Promise<LineRow> {
  const line = await requireLineInScope(db, caller, id);
  if (line.system !== SYSTEMS.iptv) throw lineRefusal(TV_APPS_MESSAGES.iptvOnly);
  return line;
}

function requireDreamTv(apps: TvApps): DreamTvClient {
  if (!apps.dreamTv) throw new AppError(503, 'service_unavailable', TV_APPS_MESSAGES.dreamTvNotConfigured);
  return apps.dreamTv;
}

function requireConnectTv(apps: TvApps): ConnectTvClient {
  if (!apps.connectTv)
    throw new AppError(503, 'service_unavailable', TV_APPS_MESSAGES.connectTvNotConfigured);
  return apps.connectTv;
}

/** A service failure (refusal, timeout, network) is a 502 with a plain message, never a 500. */
async function viaService<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TvAppServiceError) throw new AppError(502, 'service_unavailable', message);
    throw error;
  }
}

/**
 * Stores the playlist's ids on the line, if its DreamTV state is still the one the call started from (two
 * panels changing one line's DreamTV at once: the second gets 409 and nothing is stored).
 */
async function storePlaylist(
  db: Database,
  caller: Caller,
  id: number,
  expectedPlaylistId: string | null,
  playlist: DreamTvPlaylist | null,
): Promise<Line> {
  const outcome = await runLineAction(db, caller, id, (_tx, line) => {
    if (line.dreamtvPlaylistId !== expectedPlaylistId) throw AppError.conflict();
    return {
      changes: {
        dreamtvDeviceId: playlist?.deviceId ?? null,
        dreamtvPlaylistId: playlist?.playlistId ?? null,
      },
      logs: [],
    };
  });
  return outcome.line;
}

async function addAndStore(
  db: Database,
  caller: Caller,
  line: LineRow,
  client: DreamTvClient,
  mac: string,
  baseUrl: string,
): Promise<{ line: Line; playlist: DreamTvPlaylist }> {
  const playlist = await viaService(
    () => client.addPlaylist(playlistRequest(line, mac, baseUrl)),
    TV_APPS_MESSAGES.dreamTvFailed,
  );
  try {
    return { line: await storePlaylist(db, caller, line.id, null, playlist), playlist };
  } catch (error) {
    // Not stored: the playlist just added would be left without a line pointing at it.
    await client.deletePlaylist(playlist.playlistId).catch(() => undefined);
    throw error;
  }
}

/** POST /api/users/:id/dreamtv: adds the line's playlist to the DreamTV device with this MAC. */
export async function connectDreamTv(
  db: Database,
  caller: Caller,
  id: number,
  mac: string,
  apps: TvApps,
  baseUrl: string,
): Promise<Line> {
  const line = await requireIptvLine(db, caller, id);
  if (line.dreamtvPlaylistId) throw lineRefusal(TV_APPS_MESSAGES.dreamTvAlreadyConnected);
  return (await addAndStore(db, caller, line, requireDreamTv(apps), mac, baseUrl)).line;
}

/** PUT /api/users/:id/dreamtv: moves the line's playlist to the device with this MAC (and refreshes its URL). */
export async function updateDreamTv(
  db: Database,
  caller: Caller,
  id: number,
  mac: string,
  apps: TvApps,
  baseUrl: string,
): Promise<Line> {
  const line = await requireIptvLine(db, caller, id);
  const playlistId = line.dreamtvPlaylistId;
  if (!playlistId) throw lineRefusal(TV_APPS_MESSAGES.dreamTvNotConnected);
  const client = requireDreamTv(apps);
  const playlist = await viaService(
    () => client.updatePlaylist(playlistId, playlistRequest(line, mac, baseUrl)),
    TV_APPS_MESSAGES.dreamTvFailed,
  );
  return storePlaylist(db, caller, id, playlistId, playlist);
}

/** DELETE /api/users/:id/dreamtv: removes the line's playlist from DreamTV and forgets its ids. */
export async function disconnectDreamTv(
  db: Database,
  caller: Caller,
  id: number,
  apps: TvApps,
): Promise<Line> {
  const line = await requireIptvLine(db, caller, id);
  const playlistId = line.dreamtvPlaylistId;
  if (!playlistId) throw lineRefusal(TV_APPS_MESSAGES.dreamTvNotConnected);
  const client = requireDreamTv(apps);
  await viaService(() => client.deletePlaylist(playlistId), TV_APPS_MESSAGES.dreamTvFailed);
  return storePlaylist(db, caller, id, playlistId, null);
}

/** POST /api/users/:id/connect-tv: pushes the line's playlist to the TV with this MAC; nothing is stored. */
export async function connectTv(
  db: Database,
  caller: Caller,
  id: number,
  mac: string,
  apps: TvApps,
  baseUrl: string,
): Promise<{ mac: string }> {
  const line = await requireIptvLine(db, caller, id);
  const client = requireConnectTv(apps);
  const request = playlistRequest(line, mac, baseUrl);
  await viaService(
    () => client.sendPlaylist({ mac, name: request.name, playlistUrl: request.url }),
    TV_APPS_MESSAGES.connectTvFailed,
  );
  return { mac };
}

/**
 * The DreamTV step of line creation (`dreamtv_mac`, docs/product/rules.md#dreamtv-mac): the line exists
 * already, so a failure here does not undo it; it comes back as the outcome the success modal shows.
 */
export async function connectCreatedLine(
  db: Database,
  caller: Caller,
  lineId: number,
  mac: string,
  apps: TvApps,
  baseUrl: string,
): Promise<{ line?: Line; dreamtv: DreamTvCreateOutcome }> {
  try {
    const line = await requireIptvLine(db, caller, lineId);
    const done = await addAndStore(db, caller, line, requireDreamTv(apps), mac, baseUrl);
    return {
      line: done.line,
      dreamtv: {
        connected: true,
        mac,
        device_id: done.playlist.deviceId,
        playlist_id: done.playlist.playlistId,
      },
    };
  } catch (error) {
    if (error instanceof AppError) return { dreamtv: { connected: false, mac, message: error.message } };
    throw error;
  }
}
