import { describe, expect, it } from 'vitest';
import {
  checkMacSchema,
  cleanupExpiredSchema,
  createLineSchema,
  createTrialLineSchema,
  editLineSchema,
  lineListQuerySchema,
  screensSchema,
} from './line-api';
import { LINE_MESSAGES, cleanupMessage } from './line-messages';

function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? { message: issue.message, path: issue.path.join('.') } : undefined;
}

describe('line API schemas', () => {
  it('creates with both credentials or neither, and hybrids with MAC and name', () => {
    expect(createLineSchema.parse({ package_id: 17 })).toMatchObject({ system: 1, expire_at_2359: false });
    expect(firstIssue(createLineSchema.safeParse({ package_id: 17, password: 'senha@9x' }))).toEqual({
      message: LINE_MESSAGES.required,
      path: 'username',
    });
    expect(firstIssue(createLineSchema.safeParse({ package_id: 17, system: 3, full_name: 'Ana' }))).toEqual({
      message: LINE_MESSAGES.required,
      path: 'macaddr',
    });
    expect(firstIssue(createLineSchema.safeParse({}))).toEqual({
      message: LINE_MESSAGES.packageRequired,
      path: 'package_id',
    });
  });

  it('lets a trial leave the package out and drops short phones', () => {
    expect(createTrialLineSchema.parse({ system: 2 })).toMatchObject({ system: 2 });
    expect(createLineSchema.parse({ package_id: 17, as_number: '123456' }).as_number).toBeUndefined();
    expect(createLineSchema.parse({ package_id: 17, as_number: '1234567' }).as_number).toBe('1234567');
  });

  it('edits keep absent fields, clear a short phone and an empty note, and need a bouquet', () => {
    expect(editLineSchema.parse({ bouquet: [1] })).toEqual({ bouquet: [1] });
    expect(editLineSchema.parse({ bouquet: [1], as_number: '12', reseller_notes: '' })).toMatchObject({
      as_number: null,
      reseller_notes: null,
    });
    expect(firstIssue(editLineSchema.safeParse({ bouquet: [] }))).toEqual({
      message: LINE_MESSAGES.bouquetRequired,
      path: 'bouquet',
    });
  });

  it('bounds screens, cleanup days and the list status', () => {
    expect(firstIssue(screensSchema.safeParse({ screens: 101 }))?.message).toBe(LINE_MESSAGES.screensMaximum);
    expect(firstIssue(screensSchema.safeParse({ screens: 0 }))?.message).toBe('Informe somente números');
    expect(cleanupExpiredSchema.safeParse({ days: 7 }).success).toBe(false);
    expect(lineListQuerySchema.parse({ status: '3', reseller: '' })).toMatchObject({
      status: 3,
      reseller: undefined,
    });
    expect(checkMacSchema.parse({ macaddr: 'AA-BB-CC-DD-EE-FF', user_id: '5' })).toEqual({
      macaddr: 'aa:bb:cc:dd:ee:ff',
      user_id: 5,
    });
  });

  it('words the cleanup answer', () => {
    expect(cleanupMessage(0)).toBe('Nenhum usuário para remover.');
    expect(cleanupMessage(1)).toBe('1 usuário removido com sucesso.');
    expect(cleanupMessage(12)).toBe('12 usuários removidos com sucesso.');
  });
});
