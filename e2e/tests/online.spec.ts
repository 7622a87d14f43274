import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { panelApi, storedToken } from '../fixtures/api';
import { addM3uSource } from '../fixtures/library';
import { loginAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';
import { LAPTOP, openPhone, PHONE } from '../fixtures/devices';
import { shot } from '../fixtures/shot';

// docs/product/screens.md#online-users (decision 0046): the two online screens, fed by real stream starts
// (a player opening the line's stream through the server, redirected to a small edge this journey runs)
// and by the ingest API (a streaming server's token, heartbeats with divergence 5/30/80, a P2P session
// batch). Checks the divergence colours, the P2P search, the duration format, disconnect in both modes (the
// edge's next heartbeat is told to stop; a relayed stream is cut at once), the reseller's subtree and the
// dashboard counters. Screenshots of the viewport at 1366×768 and 390×844.
const PASSWORD = 'Zq8Wm5Tp';
/**
 * The edge in front of the redirected source: answers each redirected request with a little MPEG-TS
 * (null packets) and remembers the connection id the panel's signed redirect carries (`conn`).
 */
async function startEdge(): Promise<{ url: string; connections: number[]; close: () => Promise<void> }> {
  const connections: number[] = [];
  const packet = Buffer.alloc(188, 0xff);
  packet[0] = 0x47;
  packet[1] = 0x1f;
  packet[2] = 0xff;
  packet[3] = 0x10;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://edge');
    response.writeHead(200, { 'content-type': 'video/mp2t' });
    if (url.pathname.startsWith('/endless/')) {
      // A live channel the panel relays (proxy): packets until someone hangs up.
      const timer = setInterval(() => response.write(packet), 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
    const conn = url.searchParams.get('conn');
    if (conn) connections.push(Number(conn));
    response.end(Buffer.concat(Array.from({ length: 20 }, () => packet)));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a player does first: asks the playlist for the channel's address on the panel. Right after a sync the
 * previous playlist is served while the new one renders (decision 0100), so it asks again, as an app reloads.
 */
async function channelUrl(baseURL: string, username: string, channel: string): Promise<string> {
  let url = '';
  await expect
    .poll(
      async () => {
        const playlist = await fetch(
          `${baseURL}/get.php?username=${username}&password=${PASSWORD}&type=m3u_plus&output=ts`,
        ).then((response) => response.text());
        const lines = playlist.split('\n');
        const at = lines.findIndex((line) => line.startsWith('#EXTINF') && line.endsWith(`,${channel}`));
        url = at === -1 ? '' : (lines[at + 1]?.trim() ?? '');
        return url;
      },
      { message: `${channel} in ${username}'s playlist`, timeout: 10_000 },
    )
    .toMatch(/\/live\//);
  return url;
}

const playerHeaders = (username: string) => ({ 'user-agent': `VLC/3.0.20 LibVLC/3.0.20 ${username}` });

/** Opens the channel, following the redirect to the edge, and plays what it sends. */
async function play(baseURL: string, username: string, channel: string): Promise<void> {
  const response = await fetch(await channelUrl(baseURL, username, channel), {
    headers: playerHeaders(username),
  });
  expect(response.status, `${username} plays ${channel}`).toBe(200);
  expect((await response.arrayBuffer()).byteLength).toBe(188 * 20);
}

/** Opens a proxied live channel and keeps reading it: resolves when the stream stops reaching the player. */
async function watch(
  baseURL: string,
  username: string,
  channel: string,
): Promise<{ stopped: Promise<string> }> {
  const response = await fetch(await channelUrl(baseURL, username, channel), {
    headers: playerHeaders(username),
  });
  expect(response.status, `${username} watches ${channel}`).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  expect((await reader.read()).done).toBe(false);
  const stopped = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return 'ended';
    } catch {
      return 'cut';
    }
  })();
  return { stopped };
}

test.use({ viewport: LAPTOP });

test('who is watching: stream starts and edge reports on the two online screens, disconnect, scope and counters', async ({
  page,
  browser,
  baseURL,
  csp,
  signIn,
  adminApi,
  newReseller,
}) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const tag = String(Date.now() % 1_000_000);
  const channel = `Canal Online ${tag}`;
  const edge = await startEdge();
  try {
    // The library: a channel delivered by redirect to the edge, and a live one the panel relays (proxy).
    const source = (name: string, title: string, url: string, delivery: 'redirect' | 'proxy') =>
      addM3uSource(adminApi, name, [{ title, url, group: name, tvgId: name }], delivery);
    await source(`online-${tag}`, channel, `${edge.url}/live/${tag}.ts`, 'redirect');
    const relayed = `Canal Proxy ${tag}`;
    await source(`proxy-${tag}`, relayed, `${edge.url}/endless/${tag}.ts`, 'proxy');

    // A reseller with three IPTV lines (one a trial) and two P2P lines; another reseller with one line.
    const reseller = await newReseller(50, 'online');
    const other = await newReseller(20, 'outra');
    const newLine = async (owner: number, username: string, body: Record<string, unknown> = {}) =>
      adminApi.call('POST', '/users', {
        username,
        password: PASSWORD,
        package_id: 17,
        reseller_id: owner,
        ...body,
      });
    const iptv = [`on${tag}a`, `on${tag}b`, `on${tag}c`];
    await newLine(reseller.id, iptv[0] ?? '');
    await newLine(reseller.id, iptv[1] ?? '');
    const trialBody = { username: iptv[2], password: PASSWORD, reseller_id: reseller.id };
    await adminApi.call('POST', '/users/trial_users', trialBody);
    const outsider = `fora${tag}`;
    await newLine(other.id, outsider);
    const p2p = [`p2p${tag}a`, `p2p${tag}b`];
    for (const username of p2p) await newLine(reseller.id, username, { system: 2, package_id: 42 });

    // Real stream starts: each player opens the channel through the server and lands on the edge.
    for (const username of [...iptv, outsider]) await play(base, username, channel);
    expect(edge.connections).toHaveLength(4);

    // The edge reports through the ingest API with a token the admin created.
    const created = await adminApi.call<{ token: string }>('POST', '/admin/streaming-servers', {
      name: `Edge E2E ${tag}`,
    });
    const ingest = async (path: string, body: unknown) => {
      const response = await page.request.post(`/api/ingest/v1/${path}`, {
        headers: { authorization: `Bearer ${created.token}` },
        data: body,
      });
      expect(response.status(), await response.text()).toBe(200);
      return response.json();
    };
    const [first, second, third, outside] = edge.connections;
    const beats = await ingest('connections', {
      batch_id: `hb-${tag}`,
      heartbeats: [
        { connection_id: first, divergence: 5 },
        { connection_id: second, divergence: 30 },
        { connection_id: third, divergence: 80 },
        { connection_id: outside, divergence: 0 },
      ],
    });
    expect(beats).toMatchObject({ refreshed: 4, stop: [] });
    const sessions = await ingest('p2p-sessions', {
      batch_id: `p2p-${tag}`,
      sessions: [
        {
          session_id: `s1-${tag}`,
          username: p2p[0],
          channel_name: 'Globo SP',
          duration: 3725,
          external_ip: '198.51.100.4',
          app_name: 'XCloud P2P Player Pro',
          app_version: '10.2.33',
        },
        {
          session_id: `s2-${tag}`,
          username: p2p[0],
          channel_name: 'ESPN Brasil',
          duration: 59,
          external_ip: '198.51.100.5',
          app_name: 'XCloud',
          app_version: '2.4',
        },
        {
          session_id: `s3-${tag}`,
          username: p2p[1],
          channel_name: 'SporTV',
          duration: 86_399,
          external_ip: '198.51.100.6',
          app_name: 'XCloud',
          app_version: '2.4',
        },
      ],
    });
    expect(sessions).toMatchObject({ stored: 3, unknown: [] });

    // The reseller signs in: its dashboard counts its subtree's viewers.
    await signIn({ username: reseller.username, password: reseller.password });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Mostrar números' }).click();
    // Lines watching: 3 IPTV + 2 P2P; connections: 3 IPTV + 3 P2P sessions.
    await expect(page.getByTestId('counter-users-online-value')).toHaveText('5');
    await expect(page.getByTestId('counter-connections-online-value')).toHaveText('6');

    // 'Usuários online IPTV' from the menu: its three connections, newest first, not the other reseller's.
    await page.getByText('Usuários', { exact: true }).first().click();
    await page.getByText('Usuários online IPTV', { exact: true }).click();
    await expect(page).toHaveURL(/\/users\/iptv\/connections$/);
    const rows = page.getByTestId('online-iptv-table-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByText(outsider)).toHaveCount(0);
    const rowOf = (username: string) => rows.filter({ hasText: username });
    const level = (username: string) => rowOf(username).getByTestId('divergence-badge');
    await expect(level(iptv[0] ?? '')).toHaveAttribute('data-level', 'success');
    await expect(level(iptv[0] ?? '')).toHaveText('5');
    await expect(level(iptv[1] ?? '')).toHaveAttribute('data-level', 'warning');
    await expect(level(iptv[2] ?? '')).toHaveAttribute('data-level', 'danger');
    await expect(rowOf(iptv[2] ?? '').getByTestId('trial-flag')).toHaveText('Sim');
    await expect(rowOf(iptv[0] ?? '')).toContainText(reseller.username);
    await expect(rowOf(iptv[0] ?? '')).toContainText(channel);
    await expect(rowOf(iptv[0] ?? '')).toContainText(`VLC/3.0.20 LibVLC/3.0.20 ${iptv[0]}`);
    await expect(rowOf(iptv[0] ?? '')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(rows.first()).toContainText(iptv[2] ?? '');
    await shot(page, '78-online-iptv-1366');

    // 'País' (decision 0074): these players start from this machine (loopback), so no country, and the cell
    // says why; the countries come from the DB-IP database installed with the panel, credited on the page.
    const country = rowOf(iptv[0] ?? '').getByTestId('country');
    await expect(country).toHaveText('Rede local');
    await country.hover();
    await expect(page.getByRole('tooltip')).toContainText('Endereço IP de rede local');
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('geoip-attribution')).toHaveAttribute('href', 'https://db-ip.com');

    // Disconnect: the row goes at once, with the small toast; the player's connection is ended.
    await rowOf(iptv[1] ?? '')
      .getByRole('button', { name: `Desconectar ${iptv[1]}` })
      .click();
    await expect(page.getByText('Usuário desconectado')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rowOf(iptv[1] ?? '')).toHaveCount(0);
    const stopped = await ingest('connections', {
      batch_id: `hb2-${tag}`,
      heartbeats: [{ connection_id: second, divergence: 30 }],
    });
    expect(stopped).toMatchObject({ stop: [{ connection_id: second, reason: 'disconnected' }] });
    await page.reload();
    await expect(rows).toHaveCount(2);

    // 'Usuários online P2P': durations as HH:MM:SS, the long player text cut with a tooltip, the search.
    await page.getByText('Usuários online P2P', { exact: true }).click();
    await expect(page).toHaveURL(/\/users\/p2p\/connections$/);
    const p2pRows = page.getByTestId('online-p2p-table-row');
    await expect(p2pRows).toHaveCount(3);
    const sessionRow = (text: string) => p2pRows.filter({ hasText: text });
    await expect(sessionRow('Globo SP').getByTestId('duration')).toHaveText('01:02:05');
    await expect(sessionRow('ESPN Brasil').getByTestId('duration')).toHaveText('00:00:59');
    await expect(sessionRow('SporTV').getByTestId('duration')).toHaveText('23:59:59');
    const player = sessionRow('Globo SP').getByTestId('player-text');
    await expect(player).toHaveText('XCloud P2P Play...');
    await player.hover();
    await expect(page.getByRole('tooltip')).toHaveText('XCloud P2P Player Pro 10.2.33');
    await shot(page, '79-online-p2p-1366');
    await page.getByPlaceholder('Busca...').fill('espn');
    await expect(p2pRows).toHaveCount(1);
    await expect(p2pRows.first()).toContainText(p2p[0] ?? '');
    await page.getByPlaceholder('Busca...').fill(p2p[1] ?? '');
    await expect(p2pRows).toHaveCount(1);
    await expect(p2pRows.first()).toContainText('SporTV');
    await page.getByPlaceholder('Busca...').fill('ninguém assiste');
    await expect(page.getByTestId('online-p2p-table-empty')).toHaveText('Nenhum Resultado');

    // Proxy mode: the panel relays the stream, and a disconnect cuts it at once.
    const viewer = `px${tag}`;
    await newLine(reseller.id, viewer);
    const playing = await watch(base, viewer, relayed);
    await page.getByText('Usuários online IPTV', { exact: true }).click();
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(viewer);
    await expect(rows.first()).toContainText(relayed);
    await rows
      .first()
      .getByRole('button', { name: `Desconectar ${viewer}` })
      .click();
    await expect(rows).toHaveCount(2);
    const outcome = await Promise.race([
      playing.stopped,
      new Promise<string>((resolve) => setTimeout(() => resolve('still playing'), 10_000)),
    ]);
    expect(outcome, 'the relayed stream after the disconnect').not.toBe('still playing');

    // The admin sees every viewer, the other reseller's too; the disconnected one is gone for everyone.
    const everyone = await adminApi.call<{ data: { username: string }[] }>(
      'GET',
      '/users/connections?per=100',
    );
    const names = everyone.data.map((row) => row.username);
    expect(names).toEqual(expect.arrayContaining([outsider, iptv[0], iptv[2]]));
    expect(names).not.toContain(iptv[1]);
    expect(names).not.toContain(viewer);

    // The reseller on a phone, with cards (mobile_table_mode), as the other lists.
    const { phone, mobile } = await openPhone(browser, baseURL, csp);
    try {
      await loginAs(mobile, reseller);
      await expect(mobile).toHaveURL(/\/dashboard$/);
      await panelApi(mobile.request, () => storedToken(mobile)).call('POST', '/profile', {
        mobile_table_mode: 1,
      });
      await mobile.goto('/users/iptv/connections');
      const cards = mobile.getByTestId('online-iptv-table-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: iptv[2] ?? '' }).getByTestId('divergence-badge')).toHaveAttribute(
        'data-level',
        'danger',
      );
      await expect(cards.filter({ hasText: outsider })).toHaveCount(0);
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(mobile, '80-online-iptv-phone');
      await mobile.goto('/users/p2p/connections');
      const sessionCards = mobile.getByTestId('online-p2p-table-card');
      await expect(sessionCards).toHaveCount(3);
      await expect(sessionCards.filter({ hasText: 'Globo SP' }).getByTestId('duration')).toHaveText(
        '01:02:05',
      );
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shot(mobile, '81-online-p2p-phone');
    } finally {
      await phone.close();
    }
  } finally {
    await edge.close();
  }
});
