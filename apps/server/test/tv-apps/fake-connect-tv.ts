import { field, MAC_PATTERN, startFakeService, type FakeService } from './fake-service';

export interface FakeConnectTv extends FakeService {
  /** Every playlist pushed, oldest first. */
  sent: { mac: string; name: string; playlistUrl: string }[];
}

/**
 * A connect-TV service as decision 0051 describes it: POST /v1/connect {mac, name, playlist_url} → 202
 * {status: "sent"}; a MAC not written XX:XX:XX:XX:XX:XX or a missing URL → 422.
 */
export async function startFakeConnectTv(key: string, port = 0): Promise<FakeConnectTv> {
  const sent: FakeConnectTv['sent'] = [];
  const service = await startFakeService(
    key,
    ({ method, path, body }) => {
      if (path !== '/v1/connect') return { status: 404, body: { error: 'not found' } };
      if (method !== 'POST') return { status: 405, body: { error: 'method not allowed' } };
      const mac = field(body, 'mac');
      const playlistUrl = field(body, 'playlist_url');
      if (!mac || !MAC_PATTERN.test(mac)) return { status: 422, body: { error: 'invalid mac' } };
      if (!playlistUrl) return { status: 422, body: { error: 'playlist_url is required' } };
      sent.push({ mac, name: field(body, 'name') ?? '', playlistUrl });
      return { status: 202, body: { status: 'sent' } };
    },
    port,
  );
  return Object.assign(service, { sent });
}
