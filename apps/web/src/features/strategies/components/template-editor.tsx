import type { TemplateItem, TemplateKind } from '@helio/contracts';
import { Alert, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { notifySuccess } from '../../../lib/notifier.ts';
import { customKinds, useSaveTemplate } from '../api/templates.ts';
import { useTemplateForm } from '../hooks/use-template-form.ts';
import {
  bodyOf,
  daySlotsOf,
  newTemplateValues,
  type TemplateFormValues,
  templateValues,
} from '../lib/template-form.ts';
import { useStrategyTexts } from '../lib/use-strategy-texts.ts';
import { DaySlotBar } from './day-slot-bar.tsx';
import { TemplateFields } from './template-fields.tsx';

/** What the editor opens on: a new template, a custom one to change, or any one to copy. */
export type EditorSubject =
  | { mode: 'new' }
  | { mode: 'edit'; item: TemplateItem }
  | { mode: 'duplicate'; item: TemplateItem };

export interface TemplateEditorProps {
  subject: EditorSubject | null;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

const DEFAULT_KIND: TemplateKind = 'tou';

/**
 * The template editor (SPEC.md §3): its name, its kind (chosen for a new template; kept when
 * changing or copying one), the kind's fields, and its slots drawn on the 24-hour bar as they are
 * typed. Every field is checked as it changes by the contracts' one check (`templateIssues`),
 * whose message shows under the field it names; the server's refusal likewise (200908 under the
 * name). Enter saves, Esc cancels.
 */
export function TemplateEditor({ subject, open, onClose, afterClose }: TemplateEditorProps) {
  const { t } = useTranslation();
  const texts = useStrategyTexts();
  const template = useTemplateForm();
  const { form } = template;
  const save = useSaveTemplate();
  const [failure, setFailure] = useState<string>();

  const initial: TemplateFormValues | undefined =
    subject === null
      ? undefined
      : subject.mode === 'new'
        ? newTemplateValues(DEFAULT_KIND)
        : subject.mode === 'edit'
          ? templateValues(subject.item)
          : templateValues(
              subject.item,
              t('strategies.editor.copyName', { name: subject.item.name }).slice(0, 50),
            );

  const watched = Form.useWatch((values: TemplateFormValues) => values, { form, preserve: true });
  const values = watched ?? initial;
  const kind = values?.kind ?? DEFAULT_KIND;
  const slots = values ? daySlotsOf(values, kind, texts.slotDetail) : [];

  const submit = (typed: TemplateFormValues) => {
    setFailure(undefined);
    const all = { ...initial, ...form.getFieldsValue(true), ...typed } as TemplateFormValues;
    save.mutate(
      {
        ...bodyOf(all, all.kind),
        name: all.name.trim(),
        template_id: subject?.mode === 'edit' ? subject.item.template_id : undefined,
      },
      {
        onSuccess: () => {
          notifySuccess(t('strategies.editor.saved', { name: all.name.trim() }), 'strategy-template');
          onClose();
        },
        onError: (error) => setFailure(template.showRefusal(error)),
      },
    );
  };

  const title =
    subject?.mode === 'edit'
      ? t('strategies.editor.titleEdit', { name: subject.item.name })
      : subject?.mode === 'duplicate'
        ? t('strategies.editor.titleDuplicate', { name: subject.item.name })
        : t('strategies.editor.titleNew');

  return (
    <FormDialog<TemplateFormValues>
      form={form}
      name="strategy-template"
      title={title}
      open={open}
      onCancel={onClose}
      afterClose={() => {
        setFailure(undefined);
        afterClose?.();
      }}
      firstField="name"
      pending={save.isPending}
      width={800}
      initialValues={initial}
      onValuesChange={(changed: Partial<TemplateFormValues>) => {
        // another kind of new template starts from that kind's system template, keeping the name
        if (changed.kind !== undefined) {
          form.setFieldsValue(newTemplateValues(changed.kind, form.getFieldValue('name') ?? ''));
        }
        template.recheck();
      }}
      onFinish={submit}
      submitText={t('strategies.editor.save')}
      cancelText={t('strategies.cancel')}
      submitTestId="strategy-editor-save"
      cancelTestId="strategy-editor-cancel"
      scrollToFirstError={{ focus: true }}
    >
      <div className="strategy-editor" data-testid="strategy-editor">
        {failure && (
          <Alert
            type="error"
            showIcon
            className="dialog-alert"
            title={failure}
            data-testid="strategy-editor-failure"
          />
        )}
        <div className="strategy-fields">
          <Form.Item name="name" label={t('strategies.field.name')} rules={[template.rule('name')]} required>
            <Input maxLength={50} autoComplete="off" data-testid="strategy-field-name" />
          </Form.Item>
          <Form.Item name="kind" label={t('strategies.field.kind')}>
            <Select
              disabled={subject?.mode !== 'new'}
              options={customKinds.map((option) => ({ value: option, label: texts.kind(option) }))}
              popupMatchSelectWidth={false}
              data-testid="strategy-field-kind"
            />
          </Form.Item>
        </div>
        <p className="strategy-help">{t(`strategies.kindHelp.${kind}`)}</p>
        <TemplateFields kind={kind} form={template} />
        {(kind === 'tou' || kind === 'tou_power' || kind === 'peak_shaving') && (
          <DaySlotBar
            slots={slots}
            caption={t('strategies.editor.barCaption')}
            testId="strategy-editor-bar"
          />
        )}
      </div>
    </FormDialog>
  );
}
