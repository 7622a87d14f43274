import { describe, expect, it } from 'vitest';
import {
  CATALOG_REQUEST_MESSAGES,
  CATALOG_REQUEST_STATUS_LABELS,
  NEW_REQUEST_STATUS_LABEL,
  RELEASE_YEAR_MAX,
  RELEASE_YEAR_MIN,
  TITLE_SEARCH_DEBOUNCE_MS,
} from '../catalog-requests/catalog-requests-api';
import { CONTENT_REMOVAL_TITLE, MEDIA_TYPES } from '../content-removal/content-removal-api';

/**
 * The texts and constants the specification gives the catalog and admin screens
 * (docs/product/screens.md#catalog-requests, #content-removal; docs/product/rules.md) are the ones the server
 * and the panel use, word for word. The screens' labels that live in the panel are checked by its component
 * tests and the journeys.
 */
describe('the catalog and admin screens speak the specification’s words', () => {
  it.each(['Informe o título', 'Por favor informe o título'])('new request: %s', (text) => {
    expect(Object.values(CATALOG_REQUEST_MESSAGES)).toContain(text);
  });

  it('a new request is labelled Na Fila; the statuses are 0 Em análise, 2 Na fila, 3 Em processamento, 1 No catálogo', () => {
    expect(NEW_REQUEST_STATUS_LABEL).toBe('Na Fila');
    expect(CATALOG_REQUEST_STATUS_LABELS).toEqual({
      0: 'Em análise',
      2: 'Na fila',
      3: 'Em processamento',
      1: 'No catálogo',
    });
  });

  it('the title search waits 650 ms; release years run from 1940 to 2030', () => {
    expect(TITLE_SEARCH_DEBOUNCE_MS).toBe(650);
    expect([RELEASE_YEAR_MIN, RELEASE_YEAR_MAX]).toEqual([1940, 2030]);
  });

  it("the removal queue is 'Remoções de Conteúdo' with media types channels 1, streams 2, lives 3, series 5", () => {
    expect(CONTENT_REMOVAL_TITLE).toBe('Remoções de Conteúdo');
    expect(MEDIA_TYPES).toEqual({ channels: 1, movies: 2, lives: 3, series: 5 });
  });
});
