import { field, MAC_PATTERN, startFakeService, type FakeService } from './fake-service';

export interface FakeDreamTvPlaylist {
  deviceId: string;
  playlistId: string;
  mac: string;
  name: string;
  url: string;
}

export interface FakeDreamTv extends FakeService {
  /** The playlists it holds now, by playlist id. */
  playlists: Map<string, FakeDreamTvPlaylist>;
}

/**
 * A DreamTV playlist API as decision 0051 describes it: POST /v1/playlists {mac, name, url} → 201
 * {device_id, playlist_id}; PUT /v1/playlists/:id (same body) → 200; DELETE /v1/playlists/:id → 204, 404
 * when unknown. A MAC not written XX:XX:XX:XX:XX:XX or a missing name/url → 422. One device id per MAC.
 */
export async function startFakeDreamTv(key: string, port = 0): Promise<FakeDreamTv> {
  const playlists = new Map<string, FakeDreamTvPlaylist>();
  const devices = new Map<string, string>();
  let nextPlaylist = 1;
  const deviceOf = (mac: string) => {
    const known = devices.get(mac);
    if (known) return known;
    const id = `dev-${devices.size + 1}`;
    devices.set(mac, id);
    return id;
  };
  const service = await startFakeService(
    key,
    ({ method, path, body }) => {
      const match = /^\/v1\/playlists(?:\/([^/]+))?$/.exec(path);
      if (!match) return { status: 404, body: { error: 'not found' } };
      const id = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
      if (method === 'DELETE' && id !== undefined) {
        return playlists.delete(id)
          ? { status: 204 }
          : { status: 404, body: { error: 'playlist not found' } };
      }
      if ((method === 'POST' && id === undefined) || (method === 'PUT' && id !== undefined)) {
        const mac = field(body, 'mac');
        const name = field(body, 'name');
        const url = field(body, 'url');
        if (!mac || !MAC_PATTERN.test(mac)) return { status: 422, body: { error: 'invalid mac' } };
        if (!name || !url) return { status: 422, body: { error: 'name and url are required' } };
        if (method === 'PUT' && (id === undefined || !playlists.has(id)))
          return { status: 404, body: { error: 'playlist not found' } };
        const playlistId = id ?? `pl-${nextPlaylist++}`;
        const playlist = { deviceId: deviceOf(mac), playlistId, mac, name, url };
        playlists.set(playlistId, playlist);
        return {
          status: method === 'POST' ? 201 : 200,
          body: { device_id: playlist.deviceId, playlist_id: playlistId },
        };
      }
      return { status: 405, body: { error: 'method not allowed' } };
    },
    port,
  );
  return Object.assign(service, { playlists });
}
