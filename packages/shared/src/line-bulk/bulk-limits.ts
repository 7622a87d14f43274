/** Most lines one bulk action takes (docs/product/constants.md#bulk-actions). */
export const BULK_LINE_LIMIT = 1_000;
