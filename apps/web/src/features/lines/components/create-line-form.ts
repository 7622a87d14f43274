import type { z } from 'zod';
import { SYSTEMS, type SystemCode } from '@panel/shared/catalog/packages';
import { createLineSchema, createTrialLineSchema } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import type { CreateLineRequest } from '../api/create-line';

/** The create form as typed (docs/product/screens.md#create-flow). */
export interface CreateLineFormValues {
  system: SystemCode;
  trial: boolean;
  /** Username and password left to the server (8–10 random characters). */
  random: boolean;
  username: string;
  password: string;
  /** The Select's value: a package id as a string, or null. */
  package_id: string | null;
  full_name: string;
  macaddr: string;
  reseller_notes: string;
  /** Phone (WhatsApp); kept only when longer than 6 characters (docs/product/rules.md#phone). */
  as_number: string;
  expire_at_2359: boolean;
  /** The owner (admins and masters, decision 0029): an account id as a string; null = the caller. */
  reseller_id: string | null;
  /** Optional DreamTV device of an IPTV line: its playlist is added after the creation (docs/product/rules.md#dreamtv-mac). */
  dreamtv_mac: string;
}

export const CREATE_LINE_FIELDS = [
  'username',
  'password',
  'package_id',
  'full_name',
  'macaddr',
  'reseller_notes',
  'as_number',
  'reseller_id',
  'dreamtv_mac',
] as const;
export type CreateLineField = (typeof CREATE_LINE_FIELDS)[number];

/**
 * A fresh form. The quick test (docs/product/screens.md#create-flow "Criar teste rápido") starts as a trial with random credentials,
 * so one click on 'Criar teste' creates it (decision 0029).
 */
export function emptyCreateLineForm(quickTest = false): CreateLineFormValues {
  return {
    system: SYSTEMS.iptv,
    trial: quickTest,
    random: quickTest,
    username: '',
    password: '',
    package_id: null,
    full_name: '',
    macaddr: '',
    reseller_notes: '',
    as_number: '',
    expire_at_2359: false,
    reseller_id: null,
    dreamtv_mac: '',
  };
}

export type CreateLineValidation =
  { ok: true; request: CreateLineRequest } | { ok: false; errors: Partial<Record<CreateLineField, string>> };

function firstErrors(error: z.ZodError): Partial<Record<CreateLineField, string>> {
  const errors: Partial<Record<CreateLineField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (CREATE_LINE_FIELDS as readonly string[]).includes(field)) {
      errors[field as CreateLineField] ??= issue.message;
    }
  }
  return errors;
}

const optional = (text: string) => text.trim() || undefined;

/**
 * The form's values checked with the shared create schemas (the server applies the same ones) and turned
 * into the request. Typed credentials are always sent, so empty ones are "O campo é obrigatório"; in
 * random mode they are left out and the server generates them, but a package is still needed ('Selecione
 * um pacote antes de continuar'). A trial takes no package and no 23:59; MAC and name are hybrid-only
 * requirements (the name is kept for every service).
 */
export function validateCreateLine(values: CreateLineFormValues): CreateLineValidation {
  const base = {
    system: values.system,
    ...(values.random ? {} : { username: values.username, password: values.password }),
    full_name: optional(values.full_name),
    macaddr: values.system === SYSTEMS.hybrid ? optional(values.macaddr) : undefined,
    reseller_notes: optional(values.reseller_notes),
    as_number: optional(values.as_number),
    reseller_id: values.reseller_id ? Number(values.reseller_id) : undefined,
    dreamtv_mac: values.system === SYSTEMS.iptv ? optional(values.dreamtv_mac) : undefined,
  };
  if (values.trial) {
    const parsed = createTrialLineSchema.safeParse(base);
    if (!parsed.success) return { ok: false, errors: firstErrors(parsed.error) };
    // The schema defaults it; a trial never expires at 23:59 (docs/product/screens.md#create-flow), so it is not sent at all.
    const { expire_at_2359: _never, ...input } = parsed.data;
    return { ok: true, request: { trial: true, input } };
  }
  const parsed = createLineSchema.safeParse({
    ...base,
    package_id: values.package_id ? Number(values.package_id) : undefined,
    expire_at_2359: values.expire_at_2359,
  });
  if (parsed.success) return { ok: true, request: { trial: false, input: parsed.data } };
  const errors = firstErrors(parsed.error);
  if (errors.package_id && values.random) errors.package_id = LINE_MESSAGES.randomNeedsPackage;
  return { ok: false, errors };
}
