import { describe, expect, it } from 'vitest';
import {
  CATALOG_REQUEST_MESSAGES,
  CATALOG_REQUEST_STATUS_LABELS,
  CATALOG_REQUEST_STATUSES,
  catalogRequestCreatedMessage,
  catalogRequestListQuerySchema,
  type CatalogRequest,
  newCatalogRequestSchema,
  releaseYearOf,
  titleSearchQuerySchema,
  updateCatalogRequestSchema,
} from './catalog-requests-api';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('catalog requests (docs/product/rules.md#catalog-and-domains)', () => {
  it('has the four statuses in the specification’s order with their labels', () => {
    expect(CATALOG_REQUEST_STATUSES.map((status) => [status, CATALOG_REQUEST_STATUS_LABELS[status]])).toEqual(
      [
        [0, 'Em análise'],
        [2, 'Na fila'],
        [3, 'Em processamento'],
        [1, 'No catálogo'],
      ],
    );
  });

  it('accepts release years 1940 to 2030 only', () => {
    expect(catalogRequestListQuerySchema.parse({ release_year: '1940' }).release_year).toBe(1940);
    expect(catalogRequestListQuerySchema.parse({ release_year: '2030' }).release_year).toBe(2030);
    for (const year of ['1939', '2031', 'abc'])
      expect(firstMessage(catalogRequestListQuerySchema.safeParse({ release_year: year }))).toBe(
        CATALOG_REQUEST_MESSAGES.invalidReleaseYear,
      );
  });

  it('takes a numeric TMDB id and a known status as filters', () => {
    expect(catalogRequestListQuerySchema.parse({ tmdb_id: '603', status: '3' })).toMatchObject({
      tmdb_id: 603,
      status: 3,
    });
    expect(firstMessage(catalogRequestListQuerySchema.safeParse({ tmdb_id: '6x' }))).toBe(
      CATALOG_REQUEST_MESSAGES.invalidTmdbId,
    );
    expect(firstMessage(updateCatalogRequestSchema.safeParse({ status: 4 }))).toBe(
      CATALOG_REQUEST_MESSAGES.invalidStatus,
    );
  });

  it('a new request needs a chosen title; a search needs text', () => {
    expect(firstMessage(newCatalogRequestSchema.safeParse({ media_type: 'movie' }))).toBe(
      CATALOG_REQUEST_MESSAGES.titleRequired,
    );
    expect(firstMessage(titleSearchQuerySchema.safeParse({ query: '   ' }))).toBe(
      CATALOG_REQUEST_MESSAGES.titleRequired,
    );
    expect(newCatalogRequestSchema.parse({ tmdb_id: 1396, media_type: 'tv' })).toEqual({
      tmdb_id: 1396,
      media_type: 'tv',
    });
  });

  it('shows the year of a release date, or a dash', () => {
    expect(releaseYearOf('1999-03-31')).toBe('1999');
    expect(releaseYearOf(null)).toBe('-');
  });

  it('after asking, says whether a request was added, the status, and whether the caller was counted (decision 0071)', () => {
    const request = (status: CatalogRequest['status']) => ({ status }) as CatalogRequest;
    expect(catalogRequestCreatedMessage({ request: request(2), created: true, counted: true })).toBe(
      'Nova solicitação adicionada',
    );
    expect(catalogRequestCreatedMessage({ request: request(1), created: true, counted: true })).toBe(
      'Nova solicitação adicionada. Status: No catálogo.',
    );
    expect(catalogRequestCreatedMessage({ request: request(3), created: false, counted: true })).toBe(
      'Este título já havia sido solicitado. Status: Em processamento. Sua solicitação foi somada à existente.',
    );
    expect(catalogRequestCreatedMessage({ request: request(2), created: false, counted: false })).toBe(
      'Você já havia solicitado este título. Status: Na fila. Nada foi adicionado: sua solicitação já estava contada.',
    );
  });
});
