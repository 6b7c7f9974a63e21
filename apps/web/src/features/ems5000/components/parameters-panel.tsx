import { DeviceType, type SettingValue } from '@helio/contracts';
import type { EmsPart } from '@helio/contracts/device-link';
import { Alert, Button, Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api.ts';
import {
  formatZonedDateTime,
  type GroupFormValues,
  QuietSkeleton,
  SettingField,
  UnlockDialog,
  useSettingsForm,
} from '../../devices/index.ts';
import {
  type ParameterChanges,
  useCommandReply,
  useEmsParameters,
  useReadParameters,
  useRefreshParameters,
  useSaveParameters,
} from '../api/ems5000.ts';
import { partParameters, qualifiedIssuePath, qualifiedValues, unqualifiedChanges } from '../lib/console.ts';
import { CommandOutcome } from './command-outcome.tsx';

/** The catalogue's code for a write that needs the device password first. */
const NEEDS_PASSWORD = '200905';

type ParametersData = NonNullable<ReturnType<typeof useEmsParameters>['data']>;

interface ParametersFormProps {
  stationId: number;
  part: EmsPart;
  data: ParametersData;
  zone: string;
}

function ParametersForm({ stationId, part, data, zone }: ParametersFormProps) {
  const { t, i18n } = useTranslation();
  const values = useMemo(() => qualifiedValues(part, data.parameters), [part, data.parameters]);
  const view = useMemo(
    () => ({ values, device_type: DeviceType.energyManagementBox, rated_power_w: data.rated_power_w }),
    [values, data.rated_power_w],
  );
  const settings = useSettingsForm(part, view);
  const { form, changes } = settings;
  const changeCount = Object.keys(changes).length;
  const refresh = useRefreshParameters(stationId, part);
  const read = useReadParameters(stationId, part);
  const save = useSaveParameters(stationId, part);
  const [readId, setReadId] = useState<string | undefined>(data.reading ?? undefined);
  const [saveId, setSaveId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [unlocking, setUnlocking] = useState(false);
  const waiting = useRef<ParameterChanges | null>(null);
  const readReply = useCommandReply(readId, part);
  const saveReply = useCommandReply(saveId, part);
  const writable = data.writable;

  // a command answered: the values shown become the device's new ones
  const refreshed = useRef(new Set<string>());
  useEffect(() => {
    for (const reply of [readReply.data, saveReply.data]) {
      if (!reply || refreshed.current.has(reply.command_id)) continue;
      refreshed.current.add(reply.command_id);
      void refresh();
    }
  }, [readReply.data, saveReply.data, refresh]);

  const startRead = () => {
    setFailure(undefined);
    read.mutate(undefined, {
      onSuccess: (answer) => setReadId(answer.reading ?? undefined),
      onError: (error) => setFailure(describeError(error)),
    });
  };

  const send = (plain: ParameterChanges) => {
    setFailure(undefined);
    save.mutate(plain, {
      onSuccess: (answer) => setSaveId(answer.command_id),
      onError: (error) => {
        if (error instanceof ApiError && error.code === NEEDS_PASSWORD) {
          waiting.current = plain;
          setUnlocking(true);
          return;
        }
        const named =
          error instanceof ApiError
            ? new ApiError(
                error.code,
                error.issues.map((issue) => ({ ...issue, path: qualifiedIssuePath(part, issue.path) })),
                error.requestId,
              )
            : error;
        if (!settings.showServerProblems(named)) setFailure(describeError(error));
      },
    });
  };

  const submit = () => {
    if (changeCount === 0) return;
    send(unqualifiedChanges(part, changes as Record<string, SettingValue>));
  };

  const readAt = data.read_at ? formatZonedDateTime(data.read_at, zone, i18n.language) : undefined;
  const titleId = `ems-parameters-${part}-title`;

  return (
    <section className="ems-parameters" aria-labelledby={titleId} data-testid={`ems-parameters-${part}`}>
      <div className="ems-parameters-head">
        <h3 id={titleId} className="ems-section-title">
          {t('ems5000.parameters.title')}
        </h3>
        <span className="ems-muted" data-testid="ems-parameters-read-at">
          {readAt ? t('ems5000.parameters.readAt', { time: readAt }) : t('ems5000.parameters.neverRead')}
        </span>
        <Button onClick={startRead} loading={read.isPending} data-testid="ems-parameters-read">
          {t('ems5000.parameters.read')}
        </Button>
      </div>
      {readId && (
        <CommandOutcome
          act="read"
          reply={readReply.data}
          lost={readReply.isError}
          testId="ems-parameters-read-state"
        />
      )}
      {!values && !readId && (
        <Alert
          type="info"
          showIcon
          className="ems-note"
          title={t('ems5000.parameters.notReadTitle')}
          description={t('ems5000.parameters.notReadDescription')}
          data-testid="ems-parameters-not-read"
        />
      )}
      {!writable && (
        <p className="ems-muted" data-testid="ems-parameters-read-only">
          {t('ems5000.parameters.readOnly')}
        </p>
      )}
      <Form<GroupFormValues>
        form={form}
        name={`ems-parameters-${part}`}
        layout="vertical"
        initialValues={settings.initial}
        disabled={!writable}
        validateTrigger="onBlur"
        onValuesChange={() => {
          setFailure(undefined);
          settings.recheck();
        }}
        onFinish={submit}
        scrollToFirstError={{ focus: true }}
      >
        <div className="control-fields">
          {partParameters(part).map((parameter) => (
            <SettingField
              key={parameter.name}
              parameter={parameter}
              rule={settings.rule(parameter.name)}
              ratedPowerW={data.rated_power_w}
            />
          ))}
        </div>
        {failure && (
          <Alert
            type="error"
            showIcon
            className="ems-note"
            title={failure}
            data-testid="ems-parameters-error"
          />
        )}
        {writable && (
          <div className="ems-actions">
            <Button
              type="primary"
              htmlType="submit"
              disabled={changeCount === 0}
              loading={save.isPending}
              data-testid="ems-parameters-save"
            >
              {t('control.save')}
            </Button>
            <Button
              htmlType="button"
              disabled={changeCount === 0 || save.isPending}
              onClick={() => {
                settings.undo();
                setFailure(undefined);
              }}
              data-testid="ems-parameters-undo"
            >
              {t('control.undo')}
            </Button>
            <span className="ems-muted" aria-live="polite">
              {changeCount > 0 ? t('control.changeCount', { count: changeCount }) : t('control.noChanges')}
            </span>
          </div>
        )}
      </Form>
      {saveId && (
        <CommandOutcome
          act="save"
          reply={saveReply.data}
          lost={saveReply.isError}
          testId="ems-parameters-save-state"
        />
      )}
      <UnlockDialog
        sn={data.equ_sn}
        open={unlocking}
        onClose={(until) => {
          setUnlocking(false);
          const changesWaiting = waiting.current;
          waiting.current = null;
          if (until && changesWaiting) send(changesWaiting);
        }}
      />
    </section>
  );
}

/** A part's parameters (api/ems5000/sys/rw): as last read, read again from the device, changed by those who may. */
export function ParametersPanel({
  stationId,
  part,
  zone,
}: {
  stationId: number;
  part: EmsPart;
  zone: string;
}) {
  const { t } = useTranslation();
  const parameters = useEmsParameters(stationId, part);
  if (parameters.isError && !parameters.data)
    return (
      <Alert
        type="error"
        showIcon
        title={describeError(parameters.error)}
        action={
          <Button size="small" onClick={() => void parameters.refetch()}>
            {t('ems5000.retry')}
          </Button>
        }
        data-testid="ems-parameters-failed"
      />
    );
  if (!parameters.data) return <QuietSkeleton paragraph={{ rows: 4 }} />;
  return <ParametersForm key={part} stationId={stationId} part={part} data={parameters.data} zone={zone} />;
}
