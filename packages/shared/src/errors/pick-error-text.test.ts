import { describe, expect, it } from 'vitest';
import { pickErrorText } from './pick-error-text';

describe('pickErrorText follows the order of docs/product/messages.md#error-text-order', () => {
  it('prefers the response message', () => {
    expect(
      pickErrorText({ status: 409, body: { message: 'Usuário já existe', error: 'x' }, ownMessage: 'y' }),
    ).toEqual({
      title: 'Conflito',
      message: 'Usuário já existe',
    });
  });
  it('then the response error', () => {
    expect(pickErrorText({ status: 400, body: { error: 'Campo ruim' } }).message).toBe('Campo ruim');
  });
  it('then the error’s own message, unless a network error', () => {
    expect(pickErrorText({ status: 418, ownMessage: 'Falhou' }).message).toBe('Falhou');
    expect(pickErrorText({ network: true, ownMessage: 'Failed to fetch' })).toEqual({
      title: 'Erro de Conexão',
      message: 'Erro de conexão. Verifique sua internet e tente novamente.',
    });
  });
  it('then the status table', () => {
    expect(pickErrorText({ status: 403 })).toEqual({
      title: 'Sem Permissão',
      message: 'Você não tem permissão para realizar esta ação.',
    });
    expect(pickErrorText({ status: 503 }).message).toBe(
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
    );
    expect(pickErrorText({ status: 418 }).message).toBe('Erro 418. Por favor, tente novamente.');
  });
  it('falls back to the generic text', () => {
    expect(pickErrorText({}).message).toBe('Ocorreu um erro inesperado. Por favor, tente novamente.');
  });
});
