import type { FieldIssue } from '@helio/contracts';

/**
 * Problems of a form, field by field: from the shared zod schemas on the client (SPEC.md §5) and from
 * the server's refusals, which name fields in `data.issues` (200004/200005) or by their catalogue code
 * (1003 user name taken, 200913 wrong code, …). Each problem is a translation key and its namespace.
 */
export interface FieldProblem {
  field: string;
  namespace: 'validation' | 'errors';
  key: string;
}

/** What the forms need of a zod schema's `safeParse`, without depending on zod here. */
export interface SchemaLike {
  safeParse(
    values: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first problem of each field (`issue.path[0]`) of a failed check; form-wide issues are left out. */
export function firstIssueByField(issues: readonly SchemaIssue[]): Map<string, string> {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || byField.has(field)) continue;
    byField.set(field, issue.message);
  }
  return byField;
}

/** Checks a whole form with a schema: each field's first validation key, none when it is valid. */
export function schemaProblems(schema: SchemaLike, values: unknown): Map<string, string> {
  const result = schema.safeParse(values);
  return result.success ? new Map() : firstIssueByField(result.error.issues);
}

/** Catalogue codes that are about one field of the forms that can receive them. */
const fieldOfCode: Record<string, string> = {
  '1001': 'user_name',
  '1003': 'user_name',
  '200109': 'user_name',
  '4003': 'user_name',
  '5002': 'user_name',
  '200801': 'user_name',
  '1004': 'email',
  '200102': 'email',
  '1005': 'pwd_again',
  '200105': 'pwd_again',
  '200104': 'old_pwd',
  '200913': 'code',
  '200914': 'code',
};

/**
 * The problems a refused call names, limited to the fields the form has: each issue of `data.issues`
 * under its field (its path's first segment), else the catalogue code under the field it concerns.
 * Keys are passed on as the server sent them; the form decides how to show one it does not know.
 */
export function serverFieldProblems(
  code: string,
  issues: readonly FieldIssue[],
  fields: readonly string[],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (!fields.includes(field) || seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, namespace: 'validation', key: issue.message });
  }
  const codeField = fieldOfCode[code];
  if (problems.length === 0 && codeField && fields.includes(codeField)) {
    problems.push({ field: codeField, namespace: 'errors', key: code });
  }
  return problems;
}

/** What `validateWhole` needs of an Ant Design form instance. */
interface ValidatedForm {
  validateFields(options: { recursive: boolean }): Promise<unknown>;
  scrollToField(name: (string | number)[], options: { focus: boolean }): void;
}

/**
 * Checks every field of a form again, nested ones included; when one is refused, its first field
 * takes the focus (scrolled into view) and the answer is false, so nothing is sent.
 */
export function validateWhole(form: ValidatedForm): Promise<boolean> {
  return form.validateFields({ recursive: true }).then(
    () => true,
    (refusal: { errorFields?: { name: (string | number)[] }[] }) => {
      const first = refusal.errorFields?.[0];
      if (first) form.scrollToField(first.name, { focus: true });
      return false;
    },
  );
}
