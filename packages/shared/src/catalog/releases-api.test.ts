import { describe, expect, it } from 'vitest';
import { releasesShareText, type Release } from './releases-api';

const item = (id: number, title: string): Release => ({
  id,
  title,
  image: '',
  added_at: '2026-11-24T10:00:00Z',
});

describe('the content-updates share text (decision 0058)', () => {
  it('lists the movies then the series under their headings, one title a line', () => {
    expect(
      releasesShareText({
        movies: [item(1, 'Duna: Parte Três'), item(2, 'O Auto')],
        series: [item(3, 'Ruptura')],
      }),
    ).toBe('*Novos filmes*\n- Duna: Parte Três\n- O Auto\n\n*Novas séries*\n- Ruptura');
  });
  it('leaves an empty list out, and is empty when both are', () => {
    expect(releasesShareText({ movies: [], series: [item(3, 'Ruptura')] })).toBe('*Novas séries*\n- Ruptura');
    expect(releasesShareText({ movies: [item(1, 'Duna')], series: [] })).toBe('*Novos filmes*\n- Duna');
    expect(releasesShareText({ movies: [], series: [] })).toBe('');
  });
});
