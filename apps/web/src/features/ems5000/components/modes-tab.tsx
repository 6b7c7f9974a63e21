import { type EmsModeKind, emsModeKinds, type StrategyMode, templateModes } from '@helio/contracts';
import { Alert, Button, Form, Radio, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';
import { validateWhole } from '../../../lib/form-problems.ts';
import { QuietSkeleton, UnlockDialog } from '../../devices/index.ts';
import {
  type ApplyRequest,
  TemplateFields,
  type TemplateFormValues,
  templateBody,
  templateFormValues,
  useApplyTemplate,
  useBatch,
  useTemplateForm,
} from '../../strategies/index.ts';
import { useCommandReply, useEmsModes, useModeDetail, useRefreshModes } from '../api/ems5000.ts';
import { modeFigure } from '../lib/console.ts';
import { useEmsTexts } from '../lib/use-ems-texts.ts';
import { CommandOutcome } from './command-outcome.tsx';

const NEEDS_PASSWORD = '200905';

type ModesData = NonNullable<ReturnType<typeof useEmsModes>['data']>;

interface Switching {
  kind: EmsModeKind;
  batchId: string;
  commandId: string | undefined;
}

/** A switch followed until the EMS has answered (api/mode/batch), then applied or failed with its reason. */
function SwitchProgress({ switching, onDone }: { switching: Switching; onDone: () => void }) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const batch = useBatch(switching.batchId);
  const item = batch.data?.list[0];
  const state = item?.state ?? 'pending';
  const failed = state === 'failed';
  // the device's own words for a failure: the command's answer
  const reply = useCommandReply(failed ? (item?.command_id ?? switching.commandId) : undefined);
  const mode = texts.mode(templateModes[switching.kind]);
  const told = useRef(false);
  useEffect(() => {
    if (state !== 'pending' && !told.current) {
      told.current = true;
      onDone();
    }
  }, [state, onDone]);

  if (state === 'pending')
    return (
      <p role="status" className="ems-progress" data-testid="ems-mode-progress" data-state="pending">
        {batch.isError ? t('ems5000.modes.lost') : t('ems5000.modes.switching', { mode })}
      </p>
    );
  if (state === 'applied')
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('ems5000.modes.applied', { mode })}
        data-testid="ems-mode-progress"
        data-state="applied"
      />
    );
  return (
    <div data-testid="ems-mode-progress" data-state="failed">
      <p className="ems-progress">{t('ems5000.modes.failed', { mode })}</p>
      <CommandOutcome act="save" reply={reply.data} lost={reply.isError} testId="ems-mode-failure" />
    </div>
  );
}

interface ModeFormProps {
  stationId: number;
  kind: EmsModeKind;
  data: ModesData;
}

/** One mode's parameters (api/ems5000/mode/detail) as the strategy editor's fields, and its switch. */
function ModeForm({ stationId, kind, data }: ModeFormProps) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const detail = useModeDetail(stationId, kind);
  const settings = useTemplateForm({
    named: false,
    refusalPrefix: 'mode.',
    ratedPowerW: () => data.rated_power_w,
  });
  const apply = useApplyTemplate();
  const refresh = useRefreshModes(stationId);
  const [confirming, setConfirming] = useState<ApplyRequest>();
  const [failure, setFailure] = useState<string>();
  const [unlocking, setUnlocking] = useState(false);
  const [switching, setSwitching] = useState<Switching>();
  const waiting = useRef<ApplyRequest | null>(null);
  const mode = texts.mode(templateModes[kind]);

  if (detail.isError && !detail.data)
    return <Alert type="error" showIcon title={describeError(detail.error)} data-testid="ems-mode-failed" />;
  if (!detail.data) return <QuietSkeleton paragraph={{ rows: 3 }} />;
  const initial = templateFormValues(kind, detail.data.values);

  const ask = async () => {
    setFailure(undefined);
    if (!(await validateWhole(settings.form))) return;
    const values = { ...settings.form.getFieldsValue(true) } as TemplateFormValues;
    setConfirming({
      equ_sns: [data.equ_sn],
      mode: { ...templateBody(values, kind), kind } as ApplyRequest['mode'],
    });
  };

  const send = (request: ApplyRequest) => {
    setFailure(undefined);
    apply.mutate(request, {
      onSuccess: (answer) => {
        setConfirming(undefined);
        setSwitching({ kind, batchId: answer.batch_id, commandId: answer.list[0]?.command_id });
        void refresh();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === NEEDS_PASSWORD) {
          waiting.current = request;
          setConfirming(undefined);
          setUnlocking(true);
          return;
        }
        const shown = settings.showRefusal(error);
        if (shown !== undefined) setFailure(shown);
        else setConfirming(undefined);
      },
    });
  };

  const figure = confirming?.mode ? texts.figure(modeFigure(kind, confirming.mode)) : '';

  return (
    <section
      className="ems-mode-form"
      aria-labelledby="ems-mode-form-title"
      data-testid={`ems-mode-form-${kind}`}
    >
      <h3 id="ems-mode-form-title" className="ems-section-title">
        {t('ems5000.modes.parametersOf', { mode })}
      </h3>
      <p className="ems-muted">{t(`ems5000.modes.help.${kind}`)}</p>
      <Form<TemplateFormValues>
        form={settings.form}
        name={`ems-mode-${kind}`}
        initialValues={initial}
        layout="vertical"
        disabled={!data.writable}
        onValuesChange={() => {
          setFailure(undefined);
          settings.recheck();
        }}
      >
        <TemplateFields kind={kind} form={settings} />
      </Form>
      {failure && !confirming && (
        <Alert type="error" showIcon className="ems-note" title={failure} data-testid="ems-mode-error" />
      )}
      {data.writable ? (
        <div className="ems-actions">
          <Button type="primary" onClick={() => void ask()} data-testid="ems-mode-switch">
            {t('ems5000.modes.switch', { mode })}
          </Button>
        </div>
      ) : (
        <p className="ems-muted" data-testid="ems-modes-read-only">
          {t('ems5000.modes.readOnly')}
        </p>
      )}
      {switching && <SwitchProgress switching={switching} onDone={() => void refresh()} />}
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('ems5000.modes.confirmTitle', { mode })}
        okText={t('ems5000.modes.confirmOk')}
        cancelText={t('control.cancel')}
        pending={apply.isPending}
        failure={failure}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => {
          setConfirming(undefined);
          setFailure(undefined);
        }}
        testId="ems-mode-confirm"
      >
        <p>{t('ems5000.modes.confirmText', { mode, sn: data.equ_sn, figure })}</p>
      </ConfirmDialog>
      <UnlockDialog
        sn={data.equ_sn}
        open={unlocking}
        onClose={(until) => {
          setUnlocking(false);
          const request = waiting.current;
          waiting.current = null;
          if (until && request) send(request);
        }}
      />
    </section>
  );
}

/**
 * The Modes tab (api/ems5000/mode/show): the system's modes, the active one and the one the EMS
 * reports running; a mode chosen shows its parameters, and "Switch" asks first, naming the mode
 * and what it will do, then follows the switch until the EMS has applied it or said why not.
 */
export function ModesTab({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const modes = useEmsModes(stationId);
  const data = modes.data;
  const [chosen, setChosen] = useState<EmsModeKind>();

  if (!data && modes.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={describeError(modes.error)}
        action={
          <Button size="small" onClick={() => void modes.refetch()}>
            {t('ems5000.retry')}
          </Button>
        }
        data-testid="ems-modes-failed"
      />
    );
  if (!data) return <QuietSkeleton paragraph={{ rows: 4 }} />;

  const kinds = emsModeKinds.filter((kind) => data.modes.some((item) => item.kind === kind));
  const activeKind = kinds.find((kind) => kind === data.active?.kind);
  // without a mode applied from the portal, the one the EMS says it runs
  const reportedKind = data.modes.find((item) => item.mode === data.reported)?.kind;
  const kind = chosen ?? activeKind ?? reportedKind ?? kinds[0];
  const running = (mode: StrategyMode) => data.reported === mode;

  return (
    <div className="ems-modes" data-testid="ems-modes-tab">
      <dl className="ems-summary">
        <div>
          <dt>{t('ems5000.modes.active')}</dt>
          <dd data-testid="ems-modes-active">
            {data.active ? texts.mode(data.active.mode) : t('ems5000.modes.none')}
          </dd>
        </div>
        <div>
          <dt>{t('ems5000.runningMode')}</dt>
          <dd data-testid="ems-modes-reported" data-mode={data.reported ?? ''}>
            {texts.mode(data.reported)}
          </dd>
        </div>
        {data.pending && (
          <div>
            <dt>{t('ems5000.modes.pending')}</dt>
            <dd>{texts.mode(data.pending.mode)}</dd>
          </div>
        )}
      </dl>
      <fieldset className="ems-mode-list">
        <legend>{t('ems5000.modes.choose')}</legend>
        <Radio.Group
          value={kind}
          onChange={(event) => setChosen(event.target.value as EmsModeKind)}
          className="ems-mode-options"
          data-testid="ems-mode-options"
        >
          {kinds.map((item) => {
            const mode = templateModes[item];
            return (
              <Radio key={item} value={item} data-testid={`ems-mode-${item}`}>
                <span className="ems-mode-name">{texts.mode(mode)}</span>
                {item === activeKind && (
                  <Tag color="blue" className="ems-mode-tag">
                    {t('ems5000.modes.activeTag')}
                  </Tag>
                )}
                {running(mode) && (
                  <Tag color="green" className="ems-mode-tag">
                    {t('ems5000.modes.runningTag')}
                  </Tag>
                )}
              </Radio>
            );
          })}
        </Radio.Group>
      </fieldset>
      {kind && <ModeForm key={kind} stationId={stationId} kind={kind} data={data} />}
    </div>
  );
}
