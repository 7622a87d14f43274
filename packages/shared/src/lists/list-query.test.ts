import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIST_MESSAGES, idParamSchema, listMeta, orderBySchema, pageSchema, perSchema } from './list-query';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('list query rules', () => {
  it('defaults to page 1 of 10 rows', () => {
    expect(pageSchema.parse(undefined)).toBe(1);
    expect(perSchema.parse(undefined)).toBe(10);
    expect(pageSchema.parse('3')).toBe(3);
  });
  it('refuses pages below 1 or fractional', () => {
    expect(messageOf(pageSchema, '0')).toBe(LIST_MESSAGES.invalidPage);
    expect(messageOf(pageSchema, '1.5')).toBe(LIST_MESSAGES.invalidPage);
    expect(messageOf(pageSchema, 'abc')).toBe(LIST_MESSAGES.invalidPage);
  });
  it('caps the page size at 100', () => {
    expect(messageOf(perSchema, '101')).toBe(LIST_MESSAGES.invalidPer);
    expect(messageOf(perSchema, '0')).toBe(LIST_MESSAGES.invalidPer);
    expect(perSchema.parse('50')).toBe(50);
  });
  it('reads order_by=field,direction over known fields only', () => {
    const schema = orderBySchema(['id', 'username'], { field: 'id', direction: 'desc' });
    expect(schema.parse(undefined)).toEqual({ field: 'id', direction: 'desc' });
    expect(schema.parse('username,asc')).toEqual({ field: 'username', direction: 'asc' });
    expect(schema.parse('username')).toEqual({ field: 'username', direction: 'asc' });
    expect(messageOf(schema, 'password,asc')).toBe(LIST_MESSAGES.invalidOrder);
    expect(messageOf(schema, 'id,sideways')).toBe(LIST_MESSAGES.invalidOrder);
    expect(messageOf(schema, 'id,asc,desc')).toBe(LIST_MESSAGES.invalidOrder);
  });
  it('accepts only ids that fit an integer column', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(messageOf(idParamSchema, '0')).toBe(LIST_MESSAGES.invalidId);
    expect(messageOf(idParamSchema, '2147483648')).toBe(LIST_MESSAGES.invalidId);
    expect(messageOf(idParamSchema, 'x')).toBe(LIST_MESSAGES.invalidId);
  });
  it('counts pages, with one page for an empty list', () => {
    expect(listMeta(1, 10, 0)).toEqual({ page: 1, per: 10, total: 0, pages: 1 });
    expect(listMeta(2, 10, 21)).toEqual({ page: 2, per: 10, total: 21, pages: 3 });
  });
});
