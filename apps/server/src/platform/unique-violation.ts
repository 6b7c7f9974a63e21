/**
 * The name of the unique index a failed write violated (PostgreSQL 23505), or undefined for any
 * other error. Drizzle wraps the driver's error, so the causes are searched a few levels deep;
 * node-postgres names the constraint, PGlite only says it in the message.
 */
export function violatedUniqueIndex(error: unknown, names: readonly string[]): string | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause; depth++) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === '23505') {
      const text = constraint ?? message ?? '';
      return names.find((name) => text.includes(name));
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
