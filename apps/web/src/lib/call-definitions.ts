/**
 * The call definitions of `@helio/contracts`, for code that loads them on demand. With their zod
 * schemas they weigh ~24 kB gzipped, which the login page's first paint does without. Going
 * through this module rather than `import('@helio/contracts')` lets the bundler split them off
 * from the constants the first screen imports statically.
 */
export { auth, common } from '@helio/contracts';
