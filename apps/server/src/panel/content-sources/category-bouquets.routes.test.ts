import { CONTENT_MESSAGES, MAX_CATEGORY_BOUQUETS } from '@panel/shared/content-sources/content-sources-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bouquetCategories } from '../../db/schema';
import { createCategory } from '../../../test/content-factory';
import { expectRefusal } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

/**
 * PUT /api/admin/content/categories/:id/bouquets (docs/product/screens.md#content-sources): each of its
 * four refusals answers its own Portuguese sentence of CONTENT_MESSAGES, with the field it concerns, and
 * changes nothing.
 */
describe('the category → bouquets route', () => {
  const put = (id: number | string, body?: unknown) =>
    t.as(t.adminToken).put(`/api/admin/content/categories/${id}/bouquets`, body);

  it('refuses a missing category, a missing list, an unknown bouquet and too many bouquets', async () => {
    const category = await createCategory(t.db, { kind: 'live', name: 'Recusas', bouquetIds: [1] });
    const held = async () =>
      (
        await t.db
          .select({ id: bouquetCategories.bouquetId })
          .from(bouquetCategories)
          .where(eq(bouquetCategories.categoryId, category.id))
      ).map((row) => row.id);

    const notFound = { status: 404, code: 'not_found', message: CONTENT_MESSAGES.categoryNotFound } as const;
    expectRefusal(await put(999_999, { bouquet_ids: [1] }), notFound);
    // An id that cannot be a category's is the same sentence, on the path's field.
    for (const id of ['abc', 0, 99_999_999_999]) {
      expectRefusal(
        await put(id, { bouquet_ids: [1] }),
        { ...notFound, status: 400, code: 'validation_failed', field: 'id' },
        String(id),
      );
    }

    const required = {
      status: 400,
      code: 'validation_failed',
      message: CONTENT_MESSAGES.bouquetsRequired,
      field: 'bouquet_ids',
    } as const;
    expectRefusal(await put(category.id, {}), required, 'no list');
    expectRefusal(await put(category.id, { bouquet_ids: 'canais' }), required, 'not a list');

    const unknown = await put(category.id, { bouquet_ids: [424_242] });
    expectRefusal(unknown, {
      status: 400,
      code: 'validation_failed',
      message: CONTENT_MESSAGES.bouquetUnknown,
      field: 'bouquet_ids',
    });
    expectRefusal(
      await put(category.id, { bouquet_ids: [0] }),
      {
        status: 400,
        code: 'validation_failed',
        message: CONTENT_MESSAGES.bouquetUnknown,
        field: 'bouquet_ids.0',
      },
      'not an id',
    );

    const tooMany = Array.from({ length: MAX_CATEGORY_BOUQUETS + 1 }, (_, index) => index + 1);
    expectRefusal(await put(category.id, { bouquet_ids: tooMany }), {
      status: 400,
      code: 'validation_failed',
      message: CONTENT_MESSAGES.bouquetsTooMany,
      field: 'bouquet_ids',
    });
    expect(CONTENT_MESSAGES.bouquetsTooMany).toBe('Selecione no máximo 500 bouquets.');

    expect(await held()).toEqual([1]);
    const moved = await put(category.id, { bouquet_ids: [] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await held()).toEqual([]);
  });
});
