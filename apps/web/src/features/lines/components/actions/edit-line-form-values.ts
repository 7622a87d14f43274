import { z } from 'zod';
import type { Bouquet } from '@panel/shared/catalog/catalog-api';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { editLineSchema, type EditLineInput, type Line } from '@panel/shared/lines/line-api';

/** The edit form as typed: the MultiSelect gives bouquet ids as strings. */
export interface EditLineFormValues {
  bouquet: string[];
  username: string;
  password: string;
  full_name: string;
  macaddr: string;
  reseller_notes: string;
  as_number: string;
}

/** The fields a refusal may name (its message goes under that input). */
export const EDIT_FIELDS = [
  'bouquet',
  'username',
  'password',
  'full_name',
  'macaddr',
  'reseller_notes',
  'as_number',
] as const;

const formValuesSchema = z.object({
  bouquet: z.array(z.string()),
  username: z.string(),
  password: z.string(),
  full_name: z.string(),
  macaddr: z.string(),
  reseller_notes: z.string(),
  as_number: z.string(),
});

/**
 * What PUT /users/:id receives (api-contract-lines): hybrid lines only bouquet, full_name, macaddr and
 * notes. An unchanged username or password is left out (kept, and not re-judged by today's rules); a
 * MAC is left out only while the line has none and none is typed (the API cannot remove a MAC).
 */
export function toEditPayload(values: EditLineFormValues, line: Line): EditLineInput {
  const payload: EditLineInput = {
    bouquet: values.bouquet.map(Number),
    full_name: values.full_name,
    reseller_notes: values.reseller_notes,
  };
  if (values.macaddr !== '' || line.macaddr !== null) payload.macaddr = values.macaddr;
  if (line.system === SYSTEMS.hybrid) return payload;
  if (values.username !== line.username) payload.username = values.username;
  if (values.password !== line.password) payload.password = values.password;
  payload.as_number = values.as_number;
  return payload;
}

/** The typed form, turned into the request and judged by the shared edit schema (docs/product/rules.md#edit-line). */
export function editLineFormSchema(line: Line) {
  return formValuesSchema.transform((values) => toEditPayload(values, line)).pipe(editLineSchema);
}

/** The form as the line is now; bouquets the catalogue no longer has are left out. */
export function editLineDefaults(line: Line, bouquets: Bouquet[]): EditLineFormValues {
  const known = new Set(bouquets.map((bouquet) => bouquet.id));
  return {
    bouquet: line.bouquet.filter((id) => known.has(id)).map(String),
    username: line.username,
    password: line.password,
    full_name: line.full_name ?? '',
    macaddr: line.macaddr ?? '',
    reseller_notes: line.reseller_notes ?? '',
    as_number: line.as_number ?? '',
  };
}
