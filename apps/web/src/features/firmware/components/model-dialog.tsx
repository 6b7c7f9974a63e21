import { deviceTypes, type FirmwareSeriesItem, firmware, firmwareParts } from '@helio/contracts';
import { Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/dialogs/failure-alert.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { describeError } from '../../../lib/api.ts';
import { type ModelAdd, useAddModel } from '../api/catalogue.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { SelectField, TextField } from './form-fields.tsx';

const fields = ['series_id', 'name', 'device_type', 'parts'] as const;

export interface ModelDialogProps {
  open: boolean;
  series: readonly FirmwareSeriesItem[];
  /** The series chosen in the list, first in the form. */
  seriesId: number | undefined;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * A new model of a series: its name as devices report it (a device of that model is bound to it),
 * its device type and the parts firmware can target (at least one).
 */
export function ModelDialog({ open, series, seriesId, onClose, afterClose }: ModelDialogProps) {
  const { t } = useTranslation();
  const texts = useFirmwareTexts();
  const [form] = Form.useForm<ModelAdd>();
  const problems = useFormProblems(form, firmware.modelAdd.body, fields);
  const add = useAddModel();
  const [failure, setFailure] = useState<string>();

  const submit = (values: ModelAdd) => {
    setFailure(undefined);
    add.mutate(
      { ...values, name: values.name.trim() },
      {
        onSuccess: () => onClose(),
        onError: (error) => {
          problems.showServerProblems(error);
          setFailure(describeError(error));
        },
      },
    );
  };

  return (
    <FormDialog<ModelAdd>
      form={form}
      name="firmware-model"
      title={t('firmware.model.addTitle')}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      firstField="name"
      pending={add.isPending}
      width={520}
      validateTrigger="onBlur"
      initialValues={{ series_id: seriesId, parts: ['ARM'] } as Partial<ModelAdd> as ModelAdd}
      onFinish={submit}
      submitText={t('firmware.model.add')}
      cancelText={t('firmware.cancel')}
      submitTestId="firmware-model-submit"
    >
      <div data-testid="firmware-model-dialog">
        {failure && <FailureAlert text={failure} />}
        <SelectField<number>
          name="series_id"
          label={t('firmware.model.series')}
          rule={problems.rule('series_id')}
          required
          options={series.map((item) => ({ value: item.series_id, label: item.name }))}
          testId="firmware-model-series"
        />
        <TextField
          name="name"
          label={t('firmware.model.name')}
          extra={t('firmware.model.nameHelp')}
          rule={problems.rule('name')}
          required
          maxLength={60}
          testId="firmware-model-name"
        />
        <SelectField<number>
          name="device_type"
          label={t('firmware.model.deviceType')}
          rule={problems.rule('device_type')}
          required
          options={deviceTypes.map((type) => ({ value: type, label: texts.deviceType(type) }))}
          testId="firmware-model-type"
        />
        {/* a group of checkboxes is named by its legend (aria-required is not allowed on it) */}
        <fieldset className="firmware-fieldset">
          <legend>{t('firmware.model.parts')}</legend>
          <Form.Item name="parts" rules={[problems.rule('parts')]}>
            <Checkbox.Group
              options={firmwareParts.map((part) => ({ value: part, label: part }))}
              data-testid="firmware-model-parts"
            />
          </Form.Item>
        </fieldset>
      </div>
    </FormDialog>
  );
}
