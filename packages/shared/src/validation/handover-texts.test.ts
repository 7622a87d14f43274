import { describe, expect, it } from 'vitest';
import { DOMAIN_EXAMPLE_HOST, DOMAIN_MESSAGES } from '../domains/domains-api';
import { MIGRATION_MESSAGES } from '../migration/migration-api';
import { TV_APPS_MESSAGES } from '../tv-apps/tv-apps-messages';
import { FIELD_MESSAGES } from './field-messages';

/**
 * Every text the specification words for the handover screens (docs/product/rules.md#domain-form,
 * #migration-form, #dreamtv-mac; docs/product/messages.md) is one of the messages the server and the panel
 * use, word for word. `{host}` is the example host the domain form shows.
 */
const SPEC_TEXTS: [string, Record<string, string>][] = [
  ['O domínio é obrigatório', DOMAIN_MESSAGES],
  [`Formato de domínio inválido (ex: ${DOMAIN_EXAMPLE_HOST})`, DOMAIN_MESSAGES],
  ['O campo é obrigatório', { ...MIGRATION_MESSAGES, ...FIELD_MESSAGES }],
  ['Tipo de serviço é obrigatório', MIGRATION_MESSAGES],
  ['É necessário informar para qual serviço você deseja migrar seu cliente', MIGRATION_MESSAGES],
  ['Formato de MAC inválido. Use: XX:XX:XX:XX:XX:XX', TV_APPS_MESSAGES],
  ['MAC é obrigatório para conectar ao DreamTV', TV_APPS_MESSAGES],
  ['Digite um MAC válido para conectar ao DreamTV', TV_APPS_MESSAGES],
  ['O MAC address é obrigatório', TV_APPS_MESSAGES],
  ['O MAC address deve estar no formato XX:XX:XX:XX:XX:XX', TV_APPS_MESSAGES],
  ['Erro!', TV_APPS_MESSAGES],
  ['Você precisa criar um usuário primeiro.', TV_APPS_MESSAGES],
];

describe('the handover screens speak the specification’s words', () => {
  it.each(SPEC_TEXTS)('%s', (text, messages) => {
    expect(Object.values(messages)).toContain(text);
  });
});
