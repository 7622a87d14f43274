import { describe, expect, it } from 'vitest';
import { CATALOG_WORK_TEXTS, statusCountsInOrder } from './catalog-work';

describe('the publisher dashboard', () => {
  it('lists the four statuses in the screen order, a missing one as 0', () => {
    expect(statusCountsInOrder([{ status: 1, total: 3, mine: 1 }])).toEqual([
      { status: 0, total: 0, mine: 0 },
      { status: 2, total: 0, mine: 0 },
      { status: 3, total: 0, mine: 0 },
      { status: 1, total: 3, mine: 1 },
    ]);
  });

  it('says how many are the caller’s and how much of the queue is shown, with dots for thousands', () => {
    expect(CATALOG_WORK_TEXTS.mine(1234)).toBe('Atribuídas a você: 1.234');
    expect(CATALOG_WORK_TEXTS.queueShown(5, 1200)).toBe('5 de 1.200 na fila');
    expect(CATALOG_WORK_TEXTS.statusLabels).toEqual({
      0: 'Em análise',
      2: 'Na fila',
      3: 'Em processamento',
      1: 'No catálogo',
    });
  });
});
