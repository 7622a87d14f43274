import {
  CONTENT_MESSAGES,
  contentSourceInputSchema,
} from '@panel/shared/content-sources/content-sources-api';
import type { SourceInput } from './content-sources.service';

/**
 * What `npm run content:import` asks for (docs/product/api.md#content-import): a source by its kind and URL,
 * with whether the guide and the delivery mode were given (else an existing source keeps its own).
 */
export interface SourceImport {
  input: SourceInput;
  withXmltv: boolean;
  withDelivery: boolean;
}

/** Validates a command-line import as the screen's form is validated; the first issue when it is invalid. */
export function parseSourceImport(
  raw: unknown,
): { ok: true; value: SourceImport } | { ok: false; message: string; field: string } {
  const parsed = contentSourceInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: issue?.message ?? CONTENT_MESSAGES.required,
      field: issue?.path.join('.') ?? '',
    };
  }
  const given = raw as { xmltv_url?: unknown; delivery_mode?: unknown };
  return {
    ok: true,
    value: {
      input: parsed.data,
      withXmltv: given.xmltv_url !== undefined && given.xmltv_url !== null,
      withDelivery: given.delivery_mode !== undefined,
    },
  };
}
