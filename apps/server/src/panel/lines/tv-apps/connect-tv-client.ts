import { callTvApp, type TvAppEndpoint } from './tv-app-http';

/** The connect-TV service (decision 0051): pushes a playlist to the TV with this MAC. Throws TvAppServiceError. */
export interface ConnectTvClient {
  sendPlaylist(request: { mac: string; name: string; playlistUrl: string }): Promise<void>;
}

/** POST /v1/connect on TV_CONNECT_API_URL. */
export function createConnectTvClient(endpoint: TvAppEndpoint): ConnectTvClient {
  return {
    async sendPlaylist(request) {
      await callTvApp(endpoint, 'POST', 'v1/connect', {
        mac: request.mac,
        name: request.name,
        playlist_url: request.playlistUrl,
      });
    },
  };
}
