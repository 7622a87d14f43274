import { describe, expect, it } from 'vitest';
import { DEFAULT_SETUP_TEMPLATES } from './default-templates';
import { renderSetupMessage, SETUP_PLACEHOLDERS, type SetupValues } from './render-setup-message';
import { SETUP_APPS, setupAppsForSystem } from './setup-apps';
import { setupTemplateInputSchema, SETUP_MESSAGES, SETUP_TEMPLATE_MAX } from './setup-messages-api';
import { whatsAppUrl } from './whatsapp-url';

const values: SetupValues = {
  usuario: 'joao123',
  senha: 's3nh@',
  vencimento: '31/12/2026 23:59',
  telas: '2',
  cliente: 'João',
  mac: '00:1A:79:00:00:01',
  dns: 'https://tv.example',
  url_m3u: 'https://tv.example/get.php?m3u',
  url_m3u_plus: 'https://tv.example/get.php?m3u_plus',
  url_hls: 'https://tv.example/get.php?hls',
  url_epg: 'https://tv.example/xmltv.php',
  url_portal: 'https://tv.example/c/',
  link_curto: 'https://l.example/abc',
};

describe('renderSetupMessage', () => {
  it('fills every placeholder', () => {
    for (const name of Object.keys(SETUP_PLACEHOLDERS) as (keyof SetupValues)[]) {
      expect(renderSetupMessage(`[{${name}}]`, values)).toBe(`[${values[name]}]`);
    }
    expect(renderSetupMessage('{usuario}/{senha}/{usuario}', values)).toBe('joao123/s3nh@/joao123');
  });

  it('leaves unknown placeholders visible and never reads the prototype', () => {
    expect(renderSetupMessage('{usuarios} {Senha} {constructor} {}', values)).toBe(
      '{usuarios} {Senha} {constructor} {}',
    );
  });

  it('keeps text as text: no HTML is interpreted and values are not filled again', () => {
    const html = { ...values, cliente: '<b>{senha}</b>' };
    expect(renderSetupMessage('<i>{cliente}</i>', html)).toBe('<i><b>{senha}</b></i>');
  });

  it('every default template names only known placeholders and holds the credentials', () => {
    for (const app of SETUP_APPS) {
      const rendered = renderSetupMessage(DEFAULT_SETUP_TEMPLATES[app], values);
      expect(rendered, app).not.toMatch(/\{[a-z0-9_]+\}/);
      expect(rendered, app).toContain('joao123');
      expect(rendered, app).toContain('s3nh@');
    }
  });
});

describe('setupAppsForSystem', () => {
  it('gives the six IPTV apps, P2P or hybrid by the line’s system, then the renewal message', () => {
    expect(setupAppsForSystem(1)).toEqual([
      'DUPLEX',
      'ROKU',
      'SSIPTV',
      'STB',
      'SMARTERS',
      'XCIPTV',
      'RENEWAL',
    ]);
    expect(setupAppsForSystem(2)).toEqual(['P2P', 'RENEWAL']);
    expect(setupAppsForSystem(3)).toEqual(['HYBRID', 'RENEWAL']);
  });
});

describe('whatsAppUrl', () => {
  it('prefixes Brazil’s 55 to a number without a country code', () => {
    expect(whatsAppUrl('(11) 98765-4321', 'oi')).toBe('https://wa.me/5511987654321?text=oi');
    expect(whatsAppUrl('1133334444', 'oi')).toBe('https://wa.me/551133334444?text=oi');
  });

  it('keeps a country code written with + or 00, or a number already long enough to hold one', () => {
    expect(whatsAppUrl('+351 912 345 678', 'oi')).toBe('https://wa.me/351912345678?text=oi');
    expect(whatsAppUrl('00351912345678', 'oi')).toBe('https://wa.me/351912345678?text=oi');
    expect(whatsAppUrl('5511987654321', 'oi')).toBe('https://wa.me/5511987654321?text=oi');
  });

  it('encodes the text and lets WhatsApp ask for the contact when there is no number', () => {
    expect(whatsAppUrl('', 'Olá & até\nlogo?')).toBe(
      'https://wa.me/?text=Ol%C3%A1%20%26%20at%C3%A9%0Alogo%3F',
    );
  });
});

describe('setupTemplateInputSchema', () => {
  it('requires a body with text and caps its length', () => {
    const issue = (body: unknown) => setupTemplateInputSchema.safeParse({ body }).error?.issues[0];
    expect(issue('   ')?.message).toBe(SETUP_MESSAGES.required);
    expect(issue(undefined)?.message).toBe(SETUP_MESSAGES.required);
    expect(issue('x'.repeat(SETUP_TEMPLATE_MAX + 1))?.message).toBe(SETUP_MESSAGES.bodyMax);
    expect(setupTemplateInputSchema.parse({ body: 'Olá {usuario}' })).toEqual({ body: 'Olá {usuario}' });
  });
});
