/**
 * A Stalker/Ministra portal client written from the published protocol (docs/product/portal.md and the
 * public clients it cites): no real portal client can be installed here (MAG firmware, Smart STB, STB
 * Emulator and TiviMate are not npm packages), so the tests speak as a MAG box does: its User-Agent and
 * X-User-Agent, the `mac`, `stb_lang` and `timezone` cookie, `JsHttpRequest=1-xml`, and after the
 * handshake `Authorization: Bearer <token>`.
 */
export interface PortalBox {
  mac: string;
  sn?: string;
  deviceId?: string;
  deviceId2?: string;
  model?: string;
}

export interface PortalAnswer {
  status: number;
  contentType: string;
  cacheControl: string;
  /** `js` of the JSON answer; undefined when the body is not JSON (e.g. "Authorization failed."). */
  js: unknown;
  text: string;
}

export const MAG_USER_AGENT =
  'Mozilla/5.0 (QtEmbedded; U; Linux; C) AppleWebKit/533.3 (KHTML, like Gecko) MAG200 stbapp ver: 2 rev: 250 Safari/533.3';

export class PortalClient {
  token: string | null = null;

  constructor(
    readonly base: string,
    readonly box: PortalBox,
    readonly path = '/portal.php',
  ) {}

  get model(): string {
    return this.box.model ?? 'MAG250';
  }

  async call(type: string, action: string, params: Record<string, string> = {}): Promise<PortalAnswer> {
    const query = new URLSearchParams({ type, action, ...params, JsHttpRequest: '1-xml' });
    const headers: Record<string, string> = {
      'User-Agent': MAG_USER_AGENT,
      'X-User-Agent': `Model: ${this.model}; Link: WiFi`,
      Cookie: `mac=${encodeURIComponent(this.box.mac)}; stb_lang=en; timezone=${encodeURIComponent('America/Sao_Paulo')}`,
      Accept: '*/*',
    };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.base}${this.path}?${query}`, { headers });
    const text = await response.text();
    let js: unknown;
    try {
      js = (JSON.parse(text) as { js: unknown }).js;
    } catch {
      js = undefined;
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      cacheControl: response.headers.get('cache-control') ?? '',
      js,
      text,
    };
  }

  /** stb/handshake: keeps the token (null when the portal gave none). */
  async handshake(): Promise<PortalAnswer> {
    const answer = await this.call('stb', 'handshake', { token: '', prehash: '0' });
    const js = answer.js as { token?: string | null } | undefined;
    this.token = js?.token ?? null;
    return answer;
  }

  /** stb/get_profile with the box's ids. */
  async profile(): Promise<Record<string, unknown>> {
    const answer = await this.call('stb', 'get_profile', {
      hd: '1',
      ver: 'ImageDescription: 0.2.18-r14-pub-250; PORTAL version: 5.6.1',
      num_banks: '2',
      sn: this.box.sn ?? '',
      stb_type: this.model,
      image_version: '218',
      device_id: this.box.deviceId ?? '',
      device_id2: this.box.deviceId2 ?? '',
      signature: '',
      auth_second_step: '1',
      hw_version: '1.7-BD-00',
      not_valid_token: '0',
    });
    return answer.js as Record<string, unknown>;
  }

  /** The boot: handshake, then get_profile; the profile's status (0 active, 1 not active). */
  async boot(): Promise<number> {
    await this.handshake();
    return Number((await this.profile()).status);
  }

  /** create_link's URL without the player prefix ("ffmpeg "). */
  async link(
    type: 'itv' | 'vod' | 'series',
    cmd: string,
    extra: Record<string, string> = {},
  ): Promise<string> {
    const answer = await this.call(type, 'create_link', {
      cmd,
      ...extra,
      forced_storage: '0',
      disable_ad: '0',
    });
    const js = answer.js as { cmd: string };
    return js.cmd.replace(/^\S+\s+/, '');
  }
}
