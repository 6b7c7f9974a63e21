import type { FormInstance, FormProps } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { focusFieldOnOpen } from '../../../lib/focus.ts';

/** What a field says is wrong with it, as antd reports it. */
interface FieldErrors {
  name: (string | number)[];
  errors?: ReactNode[];
}

type FieldName<Values> = Extract<keyof Values, string>;

export interface FieldChecks<Values> {
  /** Spread on the dialog's `<Form>`: no check on its own triggers, first problem focused on submit. */
  formProps: Pick<
    FormProps<Values>,
    'validateTrigger' | 'onFieldsChange' | 'onValuesChange' | 'scrollToFirstError'
  >;
  /** The `onBlur` of a field's input: checks it if it was changed, not when Tab merely passes by. */
  leave: (field: FieldName<Values>) => () => void;
  /** Says the problems now shown that were not before, e.g. after the server's were put under their fields. */
  announce: () => void;
  /** A hidden alert region that says new problems aloud: render it inside the dialog. */
  announcer: ReactNode;
  /**
   * The Modal's `afterOpenChange`: focuses `field` once the dialog has opened. The dialog's own
   * focus lands on its first control (the close button) when the field meant to take focus was
   * rendered before the dialog could show it. A field the user has already reached keeps focus.
   */
  focusOnOpen: (field: FieldName<Values> | undefined) => (open: boolean) => void;
}

/**
 * When the account dialogs' forms say what is wrong (WCAG 3.3.1, 4.1.3): a field is checked when
 * it is left after a change, again at each change while it shows a problem (so the problem goes as
 * soon as it is fixed), and all of them on submit, which focuses the first wrong one. Tabbing through
 * untouched fields says nothing. antd draws a problem under its field and links it with
 * `aria-describedby`, but not as a live region: the announcer says each new one aloud.
 */
export function useFieldChecks<Values>(form: FormInstance<Values>): FieldChecks<Values> {
  const [said, setSaid] = useState<{ texts: ReactNode[]; count: number }>({ texts: [], count: 0 });
  /** The problems each field showed at the last look, to tell the new ones. */
  const shown = useRef(new Map<string, string>());

  const look = useCallback((fields: FieldErrors[]) => {
    const fresh: ReactNode[] = [];
    const now = new Map<string, string>();
    for (const field of fields) {
      const errors = field.errors ?? [];
      const key = field.name.join('.');
      const text = errors.map(String).join('\n');
      now.set(key, text);
      if (text !== '' && shown.current.get(key) !== text) fresh.push(...errors);
    }
    shown.current = now;
    // A new region's content each time, so that the same words said again are announced again.
    setSaid((current) =>
      fresh.length === 0 && current.texts.length === 0 ? current : { texts: fresh, count: current.count + 1 },
    );
  }, []);

  const announce = useCallback(() => look(form.getFieldsError() as FieldErrors[]), [form, look]);

  const leave = useCallback(
    (field: FieldName<Values>) => () => {
      if (form.isFieldTouched(field as never))
        void form.validateFields([field as never]).catch(() => undefined);
    },
    [form],
  );

  const formProps = useMemo<FieldChecks<Values>['formProps']>(
    () => ({
      validateTrigger: [],
      scrollToFirstError: { focus: true, block: 'nearest' },
      onFieldsChange: (_changed, all) => look(all as FieldErrors[]),
      onValuesChange: (changed) => {
        // a check under way counts too: it has hidden the problem until it answers for an older value
        const showing = Object.keys(changed as object).filter(
          (field) => form.getFieldError(field as never).length > 0 || form.isFieldValidating(field as never),
        );
        if (showing.length > 0) void form.validateFields(showing as never[]).catch(() => undefined);
      },
    }),
    [form, look],
  );

  // A dialog opened again starts with nothing said (its region is made anew).
  const regionRef = useCallback((region: HTMLDivElement | null) => {
    if (region !== null) return;
    shown.current = new Map();
    setSaid((current) => ({ texts: [], count: current.count + 1 }));
  }, []);

  const announcer = (
    <div role="alert" className="visually-hidden" data-testid="form-problems-said" ref={regionRef}>
      <div key={said.count}>
        {said.texts.map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same words may be said of two fields
          <p key={index}>{text}</p>
        ))}
      </div>
    </div>
  );

  const focusOnOpen = useCallback(
    (field: FieldName<Values> | undefined) =>
      field === undefined ? () => undefined : focusFieldOnOpen(form as FormInstance, field),
    [form],
  );

  return { formProps, leave, announce, announcer, focusOnOpen };
}
