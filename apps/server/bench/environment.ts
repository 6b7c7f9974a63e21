/** A bench's setting from the environment: a positive number, `fallback` when unset or blank. */
export function numberFromEnvironment(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number: ${raw}`);
  return value;
}
