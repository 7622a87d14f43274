import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; under the panel's CSP (no
// 'unsafe-eval', decision 0023) even its probe for eval is reported as a violation. Object schemas read
// this when they are built, so main.tsx imports this module before anything that builds one.
z.config({ jitless: true });
