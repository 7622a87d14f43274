import { describe, expect, it } from 'vitest';
import { EXTERNAL_PANEL_MESSAGES } from './external-panel';

describe('external panel messages', () => {
  it('words the retried count in the singular and the plural', () => {
    expect(EXTERNAL_PANEL_MESSAGES.retried(1)).toBe('1 alteração voltou para a fila de envio.');
    expect(EXTERNAL_PANEL_MESSAGES.retried(12)).toBe('12 alterações voltaram para a fila de envio.');
  });
});
