/**
 * Control characters (Unicode category Cc) have no place in anything a person types or a device
 * names: NUL cannot be stored in PostgreSQL text at all, and the others hide text from readers and
 * logs. Tab, line feed and carriage return are kept, for multi-line notes. Every call body is
 * checked with `controlCharacterPath` before its contract (the server's parseBody), so no string
 * field of any call, present or future, lets one through.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The dotted path of the first string (or object key) holding a control character in a parsed
 * body, `''` for the body itself, or undefined when there is none. Arrays count by index.
 */
export function controlCharacterPath(value: unknown): string | undefined {
  const path: string[] = [];
  const visit = (item: unknown): boolean => {
    if (typeof item === 'string') return hasControlCharacter(item);
    if (item === null || typeof item !== 'object') return false;
    for (const [key, child] of Object.entries(item)) {
      path.push(key);
      if (hasControlCharacter(key) || visit(child)) return true;
      path.pop();
    }
    return false;
  };
  return visit(value) ? path.join('.') : undefined;
}
