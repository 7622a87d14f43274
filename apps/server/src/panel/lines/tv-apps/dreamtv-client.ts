import { z } from 'zod';
import { callTvApp, TvAppServiceError, type TvAppEndpoint } from './tv-app-http';

export interface DreamTvPlaylist {
  deviceId: string;
  playlistId: string;
}

export interface DreamTvPlaylistRequest {
  mac: string;
  /** The name the DreamTV app shows for the playlist: the line's username. */
  name: string;
  url: string;
}

/** The DreamTV playlist API as this panel uses it (decision 0051). Every method throws TvAppServiceError. */
export interface DreamTvClient {
  addPlaylist(request: DreamTvPlaylistRequest): Promise<DreamTvPlaylist>;
  updatePlaylist(playlistId: string, request: DreamTvPlaylistRequest): Promise<DreamTvPlaylist>;
  /** A playlist the service no longer has counts as deleted. */
  deletePlaylist(playlistId: string): Promise<void>;
}

const playlistAnswer = z.object({
  device_id: z.coerce.string().min(1),
  playlist_id: z.coerce.string().min(1),
});

function parsePlaylist(answer: unknown): DreamTvPlaylist {
  const parsed = playlistAnswer.safeParse(answer);
  if (!parsed.success) throw new TvAppServiceError('answer without device_id and playlist_id');
  return { deviceId: parsed.data.device_id, playlistId: parsed.data.playlist_id };
}

/** POST /v1/playlists, PUT and DELETE /v1/playlists/:id on DREAMTV_API_URL. */
export function createDreamTvClient(endpoint: TvAppEndpoint): DreamTvClient {
  const path = (playlistId: string) => `v1/playlists/${encodeURIComponent(playlistId)}`;
  return {
    async addPlaylist(request) {
      return parsePlaylist(await callTvApp(endpoint, 'POST', 'v1/playlists', request));
    },
    async updatePlaylist(playlistId, request) {
      return parsePlaylist(await callTvApp(endpoint, 'PUT', path(playlistId), request));
    },
    async deletePlaylist(playlistId) {
      try {
        await callTvApp(endpoint, 'DELETE', path(playlistId));
      } catch (error) {
        if (error instanceof TvAppServiceError && error.status === 404) return;
        throw error;
      }
    },
  };
}
