import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Parses a JSON file shipped by a package. Read from disk rather than `require`d so that the raw
 * records are not kept in the module cache: callers turn them into a compact index and let the
 * parsed file be collected.
 */
export function readPackageJson(specifier: string): unknown {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
