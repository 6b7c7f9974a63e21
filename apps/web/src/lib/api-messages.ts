import type { FieldIssue } from '@helio/contracts';

/** Parameter error: the server names the failing fields in `data.issues`. */
const PARAMETER_ERROR = '200005';

/** Looks texts up by namespace, so the rule below is testable without i18next. */
export interface MessageLookup {
  has: (namespace: 'errors' | 'validation', key: string) => boolean;
  text: (
    namespace: 'errors' | 'validation' | 'translation',
    key: string,
    params?: Record<string, string>,
  ) => string;
}

/**
 * The sentence shown for a failed call: the first field issue when it names a validation rule
 * (it says more than "parameter error"), else the catalogue's text, else a generic line with the code.
 */
export function describeApiError(code: string, issues: FieldIssue[], lookup: MessageLookup): string {
  const first = issues[0];
  if (code === PARAMETER_ERROR && first && lookup.has('validation', first.message)) {
    return lookup.text('validation', first.message);
  }
  if (lookup.has('errors', code)) return lookup.text('errors', code);
  return lookup.text('translation', 'common.unknownError', { code });
}
