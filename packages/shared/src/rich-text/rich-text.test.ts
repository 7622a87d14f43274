import { describe, expect, it } from 'vitest';
import { newsUpdateSchema, NEWS_MESSAGES } from '../news/news-schema';
import { DEFAULT_PANEL_TEXTS } from '../panel-texts/default-panel-texts';
import { PANEL_TEXT_KEYS, panelTextInputSchema, PANEL_TEXTS_MESSAGES } from '../panel-texts/panel-texts-api';
import {
  isRichTextBlank,
  RICH_TEXT_MAX,
  RICH_TEXT_MESSAGES,
  RICH_TEXT_TAGS,
  richTextWords,
} from './rich-text';

describe('rich text', () => {
  it('reads the words of simple markup', () => {
    expect(richTextWords('<p><b>Aviso</b>&nbsp;importante</p><p>a &amp; b</p>')).toBe(
      'Aviso importante a & b',
    );
    expect(isRichTextBlank('<p></p><p><br></p>&nbsp;')).toBe(true);
    expect(isRichTextBlank('<p><i>x</i></p>')).toBe(false);
  });
});

describe('the global message (PUT /api/admin/news)', () => {
  it('needs words when the pop-up is switched on', () => {
    const refused = newsUpdateSchema.safeParse({ message: '<p></p>', show_modal_message: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['message'],
      message: NEWS_MESSAGES.requiredWhenOn,
    });
    expect(newsUpdateSchema.safeParse({ message: '', show_modal_message: false }).success).toBe(true);
    expect(
      newsUpdateSchema.safeParse({ message: '<p><b>Oi</b></p>', show_modal_message: true }).success,
    ).toBe(true);
  });

  it(`refuses more than ${RICH_TEXT_MAX} characters`, () => {
    const refused = newsUpdateSchema.safeParse({
      message: 'a'.repeat(RICH_TEXT_MAX + 1),
      show_modal_message: false,
    });
    expect(refused.error?.issues[0]?.message).toBe(RICH_TEXT_MESSAGES.max);
    expect(RICH_TEXT_MESSAGES.max).toBe('Máximo de 10.000 caracteres');
  });
});

describe('the menu dialogs’ texts', () => {
  it('refuses an empty text', () => {
    const refused = panelTextInputSchema.safeParse({ body: '<p> </p>' });
    expect(refused.error?.issues[0]?.message).toBe(PANEL_TEXTS_MESSAGES.required);
    expect(PANEL_TEXTS_MESSAGES.required).toBe('O campo é obrigatório');
  });

  it('has a default for every dialog, written with the allowed tags only', () => {
    for (const key of PANEL_TEXT_KEYS) {
      const tags = [...DEFAULT_PANEL_TEXTS[key].matchAll(/<\/?([a-z]+)[^>]*>/g)].map((match) => match[1]);
      expect(tags.length, key).toBeGreaterThan(0);
      for (const tag of tags) expect(RICH_TEXT_TAGS, `${key}: ${tag}`).toContain(tag);
      expect(DEFAULT_PANEL_TEXTS[key]).not.toMatch(/\s(on\w+|href|src|style)=/);
    }
  });

  it('states the six server rules of docs/product/roles.md#server-rules', () => {
    const words = richTextWords(DEFAULT_PANEL_TEXTS.server_rules);
    for (const rule of [
      'Você responde pelos testes que criar.',
      'É proibido divulgar testes ou listas vazadas publicamente.',
      'É proibido vender no pós-pago.',
      'Compre créditos somente do seu revenda master.',
      'É proibido vender abaixo da tabela oficial de preços.',
      'É proibido usar a marca do fornecedor.',
    ]) {
      expect(words).toContain(rule);
    }
  });
});
