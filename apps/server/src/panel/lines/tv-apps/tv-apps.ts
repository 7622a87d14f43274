import type { TvAppsStatus } from '@panel/shared/tv-apps/tv-apps-api';
import type { Config } from '../../../config';
import { createConnectTvClient, type ConnectTvClient } from './connect-tv-client';
import { createDreamTvClient, type DreamTvClient } from './dreamtv-client';

/** The TV app services this server talks to; an absent one is not configured (decision 0051). */
export interface TvApps {
  dreamTv?: DreamTvClient;
  connectTv?: ConnectTvClient;
}

type TvAppsConfig = Pick<
  Config,
  'DREAMTV_API_URL' | 'DREAMTV_API_KEY' | 'TV_CONNECT_API_URL' | 'TV_CONNECT_API_KEY' | 'TV_APPS_TIMEOUT_MS'
>;

/** A service is configured when both its URL and its key are set. */
export function tvAppsFromConfig(config: TvAppsConfig): TvApps {
  const timeoutMs = config.TV_APPS_TIMEOUT_MS;
  return {
    ...(config.DREAMTV_API_URL && config.DREAMTV_API_KEY
      ? {
          dreamTv: createDreamTvClient({
            baseUrl: config.DREAMTV_API_URL,
            key: config.DREAMTV_API_KEY,
            timeoutMs,
          }),
        }
      : {}),
    ...(config.TV_CONNECT_API_URL && config.TV_CONNECT_API_KEY
      ? {
          connectTv: createConnectTvClient({
            baseUrl: config.TV_CONNECT_API_URL,
            key: config.TV_CONNECT_API_KEY,
            timeoutMs,
          }),
        }
      : {}),
  };
}

export function tvAppsStatus(apps: TvApps): TvAppsStatus {
  return { dreamtv: Boolean(apps.dreamTv), connectTv: Boolean(apps.connectTv) };
}
