import { control } from '@helio/contracts';
import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { FailureAlert } from '../../../components/dialogs/failure-alert.tsx';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { ApiError, call, describeError } from '../../../lib/api.ts';
import { useAddTask, useChoices } from '../api/tasks.ts';
import { upgradeTaskPath } from '../lib/paths.ts';
import {
  chosenFileIds,
  NO_FILE,
  riskCounts,
  type TaskFormValues,
  taskBody,
  taskFormDefaults,
  taskFormSchema,
} from '../lib/task-form.ts';
import { partsWithFiles } from '../lib/task-view.ts';
import { ChosenDevices } from './chosen-devices.tsx';
import { DeviceChooser } from './device-chooser.tsx';
import { FileChoice } from './file-choice.tsx';
import { StageSizeField, TextField } from './form-fields.tsx';

/** The portal asks before a task moves a device down. */
const DOWNGRADE = '7006';
/** A device not unlocked by its password in this sign-in. */
const LOCKED = '200905';
const fields = ['name', 'canary_size', 'batch_size', 'failure_threshold_pct', 'pwd'] as const;

export interface NewTaskDrawerProps {
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * "New upgrade task": devices of one model chosen (up to the rollout's limit), what they run and
 * the model's files per part shown (api/firmware/choices), one file per part chosen (at least
 * one), the start (now or a time) and the rollout: canary group, batch size, failure threshold.
 * The device password, typed once, unlocks each chosen device first (api/setting/ispwd). A
 * downgrade is asked about (7006) and sent again confirmed; other refusals are said at the top.
 */
export function NewTaskDrawer({ open, onClose, afterClose }: NewTaskDrawerProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const [form] = Form.useForm<TaskFormValues>();
  const problems = useFormProblems(form, taskFormSchema, fields);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const sns = [...chosen.keys()];
  const choices = useChoices(sns);
  const add = useAddTask();
  const [failure, setFailure] = useState<string>();
  const [filesMissing, setFilesMissing] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const [askDowngrade, setAskDowngrade] = useState(false);
  const start = Form.useWatch('start', form);
  const picked = Form.useWatch('files', form);
  const filesRef = useRef<HTMLDivElement>(null);
  const risks = riskCounts(choices.data, chosenFileIds({ files: picked }));

  // each part starts as "leave it as it is" when the model's files are known
  const model = choices.data?.model;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new model's parts, not each answer
  useEffect(() => {
    if (!choices.data) return;
    form.setFieldValue(
      'files',
      Object.fromEntries(partsWithFiles(choices.data.files).map((part) => [part, NO_FILE])),
    );
  }, [model, form]);

  const reset = () => {
    form.resetFields();
    setChosen(new Map());
    setFailure(undefined);
    setFilesMissing(false);
  };

  /** Unlocks each chosen device with the password typed once; answers the SNs it did not unlock. */
  const unlockAll = async (pwd: string): Promise<string[]> => {
    const refused: string[] = [];
    for (const sn of sns) {
      try {
        await call(control.unlock, { equ_sn: sn, pwd }, { quiet: true });
      } catch {
        refused.push(sn);
      }
    }
    return refused;
  };

  const send = (confirmDowngrade: boolean) => {
    const values = form.getFieldsValue(true) as TaskFormValues;
    add.mutate(taskBody(values, sns, confirmDowngrade), {
      onSuccess: ({ task_id }) => {
        onClose();
        navigate(upgradeTaskPath(task_id));
      },
      onError: (error) => {
        setAskDowngrade(false);
        if (error instanceof ApiError && error.code === DOWNGRADE) setAskDowngrade(true);
        else if (error instanceof ApiError && error.code === LOCKED)
          form.setFields([{ name: 'pwd', errors: [t('firmware.newTask.passwordNeeded')] }]);
        else {
          problems.showServerProblems(error);
          setFailure(describeError(error));
        }
      },
    });
  };

  const submit = async () => {
    setFailure(undefined);
    if (sns.length === 0) {
      setFailure(t('validation.devicesRequired', { ns: 'validation', keySeparator: false }));
      return;
    }
    const values = form.getFieldsValue(true) as TaskFormValues;
    if (chosenFileIds(values).length === 0) {
      setFilesMissing(true);
      filesRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setFilesMissing(false);
    const pwd = values.pwd?.trim();
    if (pwd) {
      setUnlocking(true);
      const refused = await unlockAll(pwd).finally(() => setUnlocking(false));
      if (refused.length > 0) {
        form.setFields([
          { name: 'pwd', errors: [t('firmware.newTask.unlockFailed', { sns: refused.join(', ') })] },
        ]);
        return;
      }
    }
    send(false);
  };

  const pending = add.isPending || unlocking;
  return (
    <Drawer
      open={open}
      title={t('firmware.newTask.title')}
      size={mobile ? '100%' : 960}
      onClose={() => !pending && onClose()}
      afterOpenChange={(visible) => {
        if (!visible) {
          reset();
          afterClose?.();
        }
      }}
      destroyOnHidden
      footer={
        <div className="firmware-drawer-footer">
          <Button onClick={onClose} disabled={pending} data-testid="upgrade-task-cancel">
            {t('firmware.cancel')}
          </Button>
          <Button
            type="primary"
            loading={pending}
            onClick={() =>
              void form.validateFields().then(
                () => submit(),
                () => undefined,
              )
            }
            data-testid="upgrade-task-submit"
          >
            {t('firmware.newTask.submit', { count: sns.length })}
          </Button>
        </div>
      }
    >
      <Form<TaskFormValues>
        form={form}
        name="upgrade-task"
        layout="vertical"
        initialValues={taskFormDefaults}
        disabled={pending}
        validateTrigger="onBlur"
      >
        <div data-testid="upgrade-task-drawer">
          {failure && <FailureAlert text={failure} testId="upgrade-task-failure" />}
          <h3 className="firmware-heading">{t('firmware.newTask.devices')}</h3>
          <DeviceChooser chosen={chosen} onChange={setChosen} disabled={pending} />
          {sns.length > 0 && choices.isError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={describeError(choices.error)}
              data-testid="upgrade-choices-failure"
            />
          )}
          {choices.data && sns.length > 0 && (
            <>
              <h3 className="firmware-heading">
                {t('firmware.newTask.chosen', { model: choices.data.model, count: sns.length })}
              </h3>
              <ChosenDevices choices={choices.data} />
              <h3 className="firmware-heading">{t('firmware.newTask.files')}</h3>
              <div ref={filesRef}>
                <FileChoice choices={choices.data} disabled={pending} />
              </div>
              {filesMissing && (
                <p className="firmware-error" role="alert" data-testid="upgrade-files-missing">
                  {t('validation.firmwareFileRequired', { ns: 'validation', keySeparator: false })}
                </p>
              )}
              {(risks.downgrades > 0 || risks.belowMinimum > 0) && (
                <Alert
                  type="warning"
                  showIcon
                  className="dialog-alert"
                  title={[
                    risks.downgrades > 0
                      ? t('firmware.newTask.downgrades', { count: risks.downgrades })
                      : null,
                    risks.belowMinimum > 0
                      ? t('firmware.newTask.belowMinimum', { count: risks.belowMinimum })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  data-testid="upgrade-risks"
                />
              )}
            </>
          )}
          <h3 className="firmware-heading">{t('firmware.newTask.rollout')}</h3>
          <div className="firmware-fields">
            <TextField
              name="name"
              label={t('firmware.newTask.name')}
              rule={problems.rule('name')}
              maxLength={120}
              testId="upgrade-task-name"
            />
            <Form.Item name="start" label={t('firmware.newTask.start')}>
              <Radio.Group data-testid="upgrade-task-start">
                <Radio value="now">{t('firmware.newTask.startNow')}</Radio>
                <Radio value="at">{t('firmware.newTask.startAt')}</Radio>
              </Radio.Group>
            </Form.Item>
            {start === 'at' && (
              <Form.Item
                name="start_at"
                label={t('firmware.newTask.startTime')}
                rules={[{ required: true, message: t('firmware.newTask.startTimeRequired') }]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  data-testid="upgrade-task-start-at"
                />
              </Form.Item>
            )}
            <StageSizeField
              name="canary_size"
              label={t('firmware.newTask.canary')}
              extra={t('firmware.newTask.canaryHelp')}
              rule={problems.rule('canary_size')}
              testId="upgrade-task-canary"
            />
            <StageSizeField
              name="batch_size"
              label={t('firmware.newTask.batch')}
              rule={problems.rule('batch_size')}
              testId="upgrade-task-batch"
            />
            <Form.Item
              name="failure_threshold_pct"
              label={t('firmware.newTask.threshold')}
              extra={t('firmware.newTask.thresholdHelp')}
              rules={[problems.rule('failure_threshold_pct')]}
            >
              <InputNumber min={0} max={100} precision={0} suffix="%" data-testid="upgrade-task-threshold" />
            </Form.Item>
            <Form.Item
              name="pwd"
              label={t('firmware.newTask.password')}
              extra={t('firmware.newTask.passwordHelp')}
              rules={[problems.rule('pwd')]}
            >
              <Input.Password autoComplete="off" maxLength={128} data-testid="upgrade-task-password" />
            </Form.Item>
          </div>
        </div>
      </Form>
      <ConfirmDialog
        open={askDowngrade}
        title={t('firmware.newTask.downgradeTitle')}
        okText={t('firmware.newTask.downgradeConfirm')}
        cancelText={t('firmware.cancel')}
        danger
        pending={add.isPending}
        onConfirm={() => send(true)}
        onCancel={() => setAskDowngrade(false)}
        testId="upgrade-downgrade-confirm"
      >
        <p>{t('firmware.newTask.downgradeQuestion', { count: Math.max(risks.downgrades, 1) })}</p>
      </ConfirmDialog>
    </Drawer>
  );
}
