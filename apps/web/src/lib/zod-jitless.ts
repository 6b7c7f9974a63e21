import { config } from 'zod';

/**
 * The portal's Content-Security-Policy allows no `eval`, so zod cannot compile its parsers and
 * falls back to interpreting them; it would first try `new Function` once, which the browser
 * reports as a policy violation. Saying so before any schema is made skips that probe. main.tsx
 * imports this module first, before anything that builds schemas (the contracts).
 */
config({ jitless: true });
