import { paths } from '@/config/paths';

/** The page of one batch and its print sheet, under /activation-codes. */
export const batchPath = (id: number) => `${paths.activationCodes}/${id}`;
export const batchSheetPath = (id: number) => `${paths.activationCodes}/${id}/print`;
