import { type FirmwareModelItem, languageNames, languages } from '@helio/contracts';
import { Form, Input, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/dialogs/failure-alert.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useCheckedForm } from '../../../hooks/use-checked-form.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useAddFile } from '../api/catalogue.ts';
import { type PublishValues, publishBody, publishIssues } from '../lib/publish-form.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { FileItem, SelectField, TextField } from './form-fields.tsx';
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
        {failure && <FailureAlert text={failure} testId="firmware-publish-failure" />}
        <div className="firmware-fields">
          <FileItem
            name="upload_id"
            label={t('firmware.file.image')}
            extra={t('firmware.file.imageHelp')}
            rule={checked.rule('upload_id')}
          >
            <ImageField
              onStaged={(image) => {
                staged.current = image;
                if (image && !form.getFieldValue('name'))
                  form.setFieldValue('name', image.file_name.replace(/\.[^.]+$/, ''));
              }}
              onRefused={(text) => form.setFields([{ name: 'upload_id', errors: [text] }])}
            />
          </FileItem>
          <FileItem
            name="signature"
            label={t('firmware.file.signature')}
            extra={t('firmware.file.signatureHelp')}
            rule={checked.rule('signature')}
          >
            <SignatureField />
          </FileItem>
          <SelectField<number>
            name="model_id"
            label={t('firmware.file.model')}
            rule={checked.rule('model_id')}
            required
            options={models.map((item) => ({
              value: item.model_id,
              label: `${item.name} (${item.series_name})`,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
            testId="firmware-publish-model"
          />
          <SelectField<string>
            name="part"
            label={t('firmware.file.part')}
            rule={checked.rule('part')}
            required
            options={(model?.parts ?? []).map((part) => ({ value: part, label: part }))}
            disabled={!model}
            testId="firmware-publish-part"
          />
          <TextField
            name="name"
            label={t('firmware.file.name')}
            rule={checked.rule('name')}
            required
            maxLength={120}
            testId="firmware-publish-name"
          />
          <TextField
            name="version"
            label={t('firmware.file.version')}
            rule={checked.rule('version')}
            required
            maxLength={40}
            placeholder="V2.15.0"
            testId="firmware-publish-version"
          />
          <TextField
            name="min_version"
            label={t('firmware.file.minVersion')}
            extra={t('firmware.file.minVersionHelp')}
            rule={checked.rule('min_version')}
            maxLength={40}
            testId="firmware-publish-min-version"
          />
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
