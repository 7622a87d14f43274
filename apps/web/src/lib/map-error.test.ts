import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { mapError } from './map-error';

const httpError = (status: number, body?: unknown) =>
  new ApiError({ status, body, message: `HTTP ${status}` });

describe('mapError (docs/product/messages.md#error-text-order)', () => {
  it('1. takes the response message first, with the status title', () => {
    const error = httpError(403, {
      status: 403,
      code: 'no_credits',
      message: 'Para logar no Painel é necessário possuir créditos, contacte seu revenda master.',
      error: 'other',
    });
    expect(mapError(error)).toEqual({
      title: 'Sem Permissão',
      message: 'Para logar no Painel é necessário possuir créditos, contacte seu revenda master.',
    });
  });

  it('2. takes the response error when there is no message', () => {
    expect(mapError(httpError(409, { error: 'Usuário já existe' }))).toEqual({
      title: 'Conflito',
      message: 'Usuário já existe',
    });
  });

  it('ignores blank or non-string body fields', () => {
    expect(mapError(httpError(400, { message: '   ', error: 42 }))).toEqual({
      title: 'Dados Inválidos',
      message: 'Dados inválidos. Verifique as informações e tente novamente.',
    });
  });

  it("3. takes an ordinary error's own message", () => {
    expect(mapError(new Error('Falhou ao ler a resposta'))).toEqual({
      title: 'Erro',
      message: 'Falhou ao ler a resposta',
    });
    expect(mapError('texto solto')).toEqual({ title: 'Erro', message: 'texto solto' });
  });

  it.each([
    [400, 'Dados Inválidos', 'Dados inválidos. Verifique as informações e tente novamente.'],
    [401, 'Não Autorizado', 'Sessão expirada ou credenciais inválidas. Faça login novamente.'],
    [403, 'Sem Permissão', 'Você não tem permissão para realizar esta ação.'],
    [404, 'Não Encontrado', 'Recurso não encontrado.'],
    [409, 'Conflito', 'Conflito de dados. Este registro pode já existir.'],
    [422, 'Erro de Validação', 'Dados enviados estão em formato incorreto.'],
    [429, 'Limite Excedido', 'Muitas tentativas. Aguarde um momento e tente novamente.'],
    [500, 'Erro no Servidor', 'Erro no servidor. Por favor, tente novamente mais tarde.'],
    [502, 'Erro no Servidor', 'Serviço temporariamente indisponível. Tente novamente em instantes.'],
    [503, 'Erro no Servidor', 'Serviço temporariamente indisponível. Tente novamente em instantes.'],
    [504, 'Erro no Servidor', 'Serviço temporariamente indisponível. Tente novamente em instantes.'],
  ])('4. maps status %i without a body message to the catalogue', (status, title, message) => {
    expect(mapError(httpError(status))).toEqual({ title, message });
    // A body that is not JSON (HTML error page) counts as no body.
    expect(mapError(httpError(status, undefined))).toEqual({ title, message });
  });

  it('4. maps any other status to "Erro {status}"', () => {
    expect(mapError(httpError(418))).toEqual({
      title: 'Erro 418',
      message: 'Erro 418. Por favor, tente novamente.',
    });
  });

  it("an HTTP error's placeholder message never wins over the status table", () => {
    expect(mapError(new ApiError({ status: 404, message: 'HTTP 404' })).message).toBe(
      'Recurso não encontrado.',
    );
  });

  it('5. a network failure shows the connection text, not its own message', () => {
    expect(mapError(new ApiError({ network: true, message: 'Failed to fetch' }))).toEqual({
      title: 'Erro de Conexão',
      message: 'Erro de conexão. Verifique sua internet e tente novamente.',
    });
  });

  it('6. anything else falls back to the generic text', () => {
    const fallback = { title: 'Erro', message: 'Ocorreu um erro inesperado. Por favor, tente novamente.' };
    expect(mapError(undefined)).toEqual(fallback);
    expect(mapError({ weird: true })).toEqual(fallback);
    expect(mapError(new Error(''))).toEqual(fallback);
  });
});
