import { type FirmwareModelItem, languageNames, languages } from '@helio/contracts';
import { Alert, Form, Input, Select, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useCheckedForm } from '../../../hooks/use-checked-form.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useAddFile } from '../api/catalogue.ts';
import { type PublishValues, publishBody, publishIssues } from '../lib/publish-form.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { ImageField, type StagedImage } from './image-field.tsx';
import { SignatureField } from './signature-field.tsx';

/** The catalogue's refusal of a name that exists: said under the name. */
const codeFields = { '7004': 'name' } as const;

export interface PublishDialogProps {
  open: boolean;
  models: readonly FirmwareModelItem[];
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * "Publish firmware": the image uploaded at once with a progress bar (its SHA-256 and size
 * shown), its signature file read in the browser, the model and the part of it the file is for,
 * a name, the version and the lowest version it can be flashed over, release notes in any of the
 * five languages. Each field is checked as the call's schema says; the portal's refusals go
 * under the fields they name (a signature that does not verify under the signature file, 7004
 * under the name), others at the top.
 */
export function PublishDialog({ open, models, onClose, afterClose }: PublishDialogProps) {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const [form] = Form.useForm<PublishValues>();
  const add = useAddFile();
  const [failure, setFailure] = useState<string>();
  const staged = useRef<StagedImage | undefined>(undefined);
  const modelId = Form.useWatch('model_id', form);
  const model = models.find((item) => item.model_id === modelId);

  const issuesNow = useCallback(
    () => publishIssues(form.getFieldsValue(true) as PublishValues, staged.current),
    [form],
  );
  const checked = useCheckedForm(form, { issuesNow, issueText: texts.issue, codeFields });
  // the only model, and a model's only part, need no choosing
  useEffect(() => {
    if (open && models.length === 1 && form.getFieldValue('model_id') === undefined)
      form.setFieldValue('model_id', models[0]!.model_id);
  }, [open, models, form]);
  useEffect(() => {
    if (model?.parts.length === 1 && form.getFieldValue('part') === undefined)
      form.setFieldValue('part', model.parts[0]);
  }, [model, form]);

  const submit = () => {
    setFailure(undefined);
    add.mutate(publishBody(form.getFieldsValue(true) as PublishValues), {
      onSuccess: () => {
        notifySuccess(t('firmware.file.publishedDone'), 'firmware-published');
        onClose();
      },
      onError: (error) => setFailure(checked.showRefusal(error)),
    });
  };

  return (
    <FormDialog<PublishValues>
      form={form}
      name="firmware-publish"
      title={t('firmware.file.publishTitle')}
      open={open}
      onCancel={onClose}
      afterClose={() => {
        staged.current = undefined;
        setFailure(undefined);
        afterClose?.();
      }}
      firstField="upload_id"
      pending={add.isPending}
      width={720}
      validateTrigger="onBlur"
      onValuesChange={(changed: Partial<PublishValues>) => {
        if ('model_id' in changed) form.setFieldValue('part', undefined);
        checked.recheck();
      }}
      onFinish={submit}
      submitText={t('firmware.file.publish')}
      cancelText={t('firmware.cancel')}
      submitTestId="firmware-publish-submit"
    >
      <div data-testid="firmware-publish-dialog">
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="dialog-alert"
            title={failure}
            data-testid="firmware-publish-failure"
          />
        )}
        <div className="firmware-fields">
          <Form.Item
            name="upload_id"
            label={t('firmware.file.image')}
            extra={t('firmware.file.imageHelp')}
            rules={[checked.rule('upload_id')]}
            validateTrigger="onChange"
            required
            className="firmware-field-wide"
          >
            <ImageField
              onStaged={(image) => {
                staged.current = image;
                if (image && !form.getFieldValue('name'))
                  form.setFieldValue('name', image.file_name.replace(/\.[^.]+$/, ''));
              }}
              onRefused={(text) => form.setFields([{ name: 'upload_id', errors: [text] }])}
            />
          </Form.Item>
          <Form.Item
            name="signature"
            label={t('firmware.file.signature')}
            extra={t('firmware.file.signatureHelp')}
            rules={[checked.rule('signature')]}
            validateTrigger="onChange"
            required
            className="firmware-field-wide"
          >
            <SignatureField />
          </Form.Item>
          <Form.Item
            name="model_id"
            label={t('firmware.file.model')}
            rules={[checked.rule('model_id')]}
            required
          >
            <Select<number>
              options={models.map((item) => ({
                value: item.model_id,
                label: `${item.name} (${item.series_name})`,
              }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="firmware-publish-model"
            />
          </Form.Item>
          <Form.Item name="part" label={t('firmware.file.part')} rules={[checked.rule('part')]} required>
            <Select
              options={(model?.parts ?? []).map((part) => ({ value: part, label: part }))}
              disabled={!model}
              data-testid="firmware-publish-part"
            />
          </Form.Item>
          <Form.Item name="name" label={t('firmware.file.name')} rules={[checked.rule('name')]} required>
            <Input maxLength={120} autoComplete="off" data-testid="firmware-publish-name" />
          </Form.Item>
          <Form.Item
            name="version"
            label={t('firmware.file.version')}
            rules={[checked.rule('version')]}
            required
          >
            <Input
              maxLength={40}
              autoComplete="off"
              placeholder="V2.15.0"
              data-testid="firmware-publish-version"
            />
          </Form.Item>
          <Form.Item
            name="min_version"
            label={t('firmware.file.minVersion')}
            extra={t('firmware.file.minVersionHelp')}
            rules={[checked.rule('min_version')]}
          >
            <Input maxLength={40} autoComplete="off" data-testid="firmware-publish-min-version" />
          </Form.Item>
        </div>
        <fieldset className="firmware-fieldset">
          <legend>{t('firmware.file.notes')}</legend>
          <Tabs
            size="small"
            items={languages.map((language) => ({
              key: language,
              label: languageNames[language],
              forceRender: true,
              children: (
                <Form.Item
                  name={['notes', language]}
                  label={t('firmware.file.notesIn', { language: languageNames[language] })}
                  rules={[checked.rule(`notes.${language}`)]}
                >
                  <Input.TextArea
                    lang={language}
                    rows={4}
                    maxLength={4000}
                    data-testid={`firmware-publish-notes-${language}`}
                  />
                </Form.Item>
              ),
            }))}
          />
        </fieldset>
      </div>
    </FormDialog>
  );
}
