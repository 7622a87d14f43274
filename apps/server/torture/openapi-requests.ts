import fc from 'fast-check';

/**
 * Requests for the bad-input torture (fuzz.torture.ts), generated with fast-check from the server's own
 * OpenAPI document: each operation's path, query and body schemas give valid-looking values, mixed with
 * hostile strings and numbers, malformed JSON and wrong content types. `knownIds` (ids that exist in the
 * test's world) make some requests reach real rows.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

const hostileStrings = [
  '',
  ' ',
  '   \t\n',
  'a'.repeat(70_000),
  '𝕏😀'.repeat(2_000),
  '\u0000',
  '\u202e\u0301',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  "'; drop table lines; --",
  "' or '1'='1",
  '%',
  '_',
  '\\',
  '%00',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '１２３',
  '٣',
  '9'.repeat(400),
  '1.5',
  '2147483648',
  '-2147483649',
  '../../etc/passwd',
  '${7*7}',
  '{{constructor}}',
  '__proto__',
  'constructor',
  '2026-02-30',
  '0000-00-00',
  // Edge dates: outside what toISOString and PostgreSQL agree on.
  '2020-01-01,9999-12-31',
  '0000-01-01,2020-01-01',
  '9999-12-31',
  '0001-01-01',
  '1969-12-31,1970-01-01',
  '2026-01-01T00:00:00Z,+275760-09-13T00:00:00Z',
  '-000001-01-01',
  'aa:bb:cc:dd:ee:ff',
  'ZZ:ZZ:ZZ:ZZ:ZZ:ZZ',
  'id,desc',
  'password,asc',
  'id,asc,extra',
];
const hostileNumbers = [
  -1,
  0,
  1,
  -0.5,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  10,
  100,
  1e6 + 1,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false, [], {}, [[[]]], { a: { b: { c: {} } } }, [1, 'a', null]),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double({ noNaN: true }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
);

function schemaArbitrary(
  schema: JsonSchema | undefined,
  knownIds: readonly number[],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length)
    return fc.oneof(...variants.map((variant) => schemaArbitrary(variant, knownIds, depth + 1)));
  if (schema.allOf?.length) return schemaArbitrary(schema.allOf[0], knownIds, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1_000_000, -(2 ** 40));
      const max = Math.min(schema.maximum ?? 1_000_000, 2 ** 40);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.constantFrom(...knownIds.slice(0, 50), 17, 42, 53, 55, 57, 61, 47, 1, 3, 10),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern === '^[a-z0-9@!]+$') return fc.stringMatching(/^[a-z0-9@!]{6,20}$/);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
        fc.constantFrom(
          'Senha@forte9',
          'cliente123',
          'Fulano de Tal',
          'aa:bb:cc:00:11:22',
          '2026-12-01',
          'nota',
        ),
      );
    }
    case 'array':
      return fc.array(schemaArbitrary(schema.items, knownIds, depth + 1), { maxLength: 5 });
    case 'object':
    default: {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) {
        // Mostly the schema's own kind of value, sometimes anything at all.
        record[name] = fc.oneof(
          { weight: 4, arbitrary: schemaArbitrary(property, knownIds, depth + 1) },
          { weight: 1, arbitrary: hostileValue },
        );
      }
      return fc.record(record, { requiredKeys: [] });
    }
  }
}

const pathValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(String)) },
  { weight: 5, arbitrary: fc.nat({ max: 60 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '99999999999999999999',
      '1.5',
      '1e3',
      'abc',
      '%20',
      '%00',
      '..%2F..',
      '１',
      'NaN',
      ' 1',
      '1%20OR%201%3D1',
      '%F0%9F%98%80',
      'null',
      '0x10',
      "1'",
      '00001',
    ),
  },
);

/** The raw body to send: JSON of a generated value, or something that is not JSON at all. */
const rawBody = (schema: JsonSchema | undefined, knownIds: readonly number[]) =>
  fc.oneof(
    {
      weight: 12,
      arbitrary: schemaArbitrary(schema, knownIds).map((value) => ({
        text: JSON.stringify(value),
        type: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: hostileValue.map((value) => ({
        text: JSON.stringify(value) ?? 'null',
        type: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { text: '{"__proto__":{"admin":true},"username":"x"}', type: 'application/json' },
        { text: '{"constructor":{"prototype":{"polluted":1}}}', type: 'application/json' },
        { text: '{"a":', type: 'application/json' },
        { text: 'não é json', type: 'application/json' },
        { text: '', type: 'application/json' },
        { text: '[1,2,3]', type: 'application/json' },
        { text: 'username=a&password=b', type: 'application/x-www-form-urlencoded' },
        { text: '<xml/>', type: 'text/xml' },
        { text: 'texto', type: 'text/plain' },
        { text: JSON.stringify({ value: 'x'.repeat(1_100_000) }), type: 'application/json' },
      ),
    },
  );

export function requestArbitrary<R extends string>(
  operation: Operation,
  roles: readonly R[],
  knownIds: readonly number[],
) {
  const query = fc.record(
    Object.fromEntries(
      operation.query.map((parameter) => [
        parameter.name,
        fc.oneof(
          { weight: 3, arbitrary: schemaArbitrary(parameter.schema, knownIds).map((value) => String(value)) },
          { weight: 1, arbitrary: fc.constantFrom(...hostileStrings.filter((s) => s.length < 1000)) },
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const params = fc.tuple(...operation.pathParams.map(() => pathValue));
  return fc.record({
    role: fc.constantFrom(...roles),
    params: operation.pathParams.length ? params : fc.constant([] as string[]),
    query,
    body:
      operation.body || ['POST', 'PUT', 'DELETE'].includes(operation.method)
        ? rawBody(operation.body, knownIds)
        : fc.constant(undefined),
  });
}

export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    // The panel's API (under /api) is what answers bad input in Portuguese. The player endpoints outside it
    // (player_api.php, get.php, xmltv.php, stream URLs) answer apps in Xtream Codes' shapes, which their
    // own contract tests check (docs/product/xtream-contract.md).
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, spec] of Object.entries(methods)) {
      const parameters = (spec.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      const content = (spec.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}
