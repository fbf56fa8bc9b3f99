import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes for that with a caught eval.
// Our CSP has no 'unsafe-eval', so the probe is blocked and reported as a violation: the browser parses
// small forms, the interpreter is fast enough. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });
