import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, stubModule } from './zod-without-json-schema';

const zodRoot = dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const generatorFiles = ['v4/core/to-json-schema.js', 'v4/core/json-schema-processors.js'];

describe('zodWithoutJsonSchema', () => {
  it.each(generatorFiles)(
    'finds every export of zod %s, so the stub satisfies its importers',
    async (file) => {
      const path = join(zodRoot, file);
      const real = Object.keys(await import(path)).sort();
      expect(exportedNames(readFileSync(path, 'utf8')).sort()).toEqual(real);
    },
  );

  it('stubs throw when called, and the schema method factories hand back a method that throws', async () => {
    const source = stubModule(['aggregateChecks', 'createStandardJSONSchemaMethod']);
    const stub = await import(`data:text/javascript,${encodeURIComponent(source)}`);
    expect(() => stub.aggregateChecks()).toThrow(/not part of the web build/);
    const method = stub.createStandardJSONSchemaMethod({}, 'input');
    expect(() => method({ target: 'draft-2020-12' })).toThrow(/not part of the web build/);
  });
});
