import { PauseCircleOutlined, PlayCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type ChargingPlanView, charging as chargingCalls, chargingLimits } from '@helio/contracts';
import { Alert, Button, InputNumber } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { describeError } from '../../../lib/api.ts';
import { schemaProblems } from '../../../lib/form-problems.ts';
import { CommandProgress } from '../../devices/index.ts';
import { type RemoteAct, useRefreshPlan, useRemote } from '../api/charging.ts';
import { type RemoteAction, remoteHindrance } from '../lib/remote.ts';
import { usePasswordRetry } from './password-retry.tsx';

export interface RemoteControlProps {
  view: ChargingPlanView;
  /** Whether a remote command is under way: the plan view is then asked every few seconds. */
  onFollow: (following: boolean) => void;
}

/**
 * Start, stop (after a confirmation) and "set the current now" on one charger: each is one command,
 * followed until the charger has applied it or said why not. An act the charger cannot take now
 * is disabled, with the reason beside it; an installer is asked the device password first.
 */
export function RemoteControl({ view, onFollow }: RemoteControlProps) {
  const { t } = useTranslation();
  const sn = view.equ_sn;
  const remote = useRemote(sn);
  const refresh = useRefreshPlan(sn);
  const [stopping, setStopping] = useState(false);
  // the charger's limit now when it allows charging at all (0 while idle), else the plan's maximum
  const limitNow = view.charger?.current_limit_a ?? 0;
  const [amps, setAmps] = useState<number | null>(
    limitNow >= chargingLimits.minCurrentA ? limitNow : view.plan.max_current_a,
  );
  const [ampsProblem, setAmpsProblem] = useState<string>();
  const [sent, setSent] = useState<{ action: RemoteAction; commandId: string }>();
  const [failure, setFailure] = useState<string>();
  const ampsId = useId();

  const send = (act: RemoteAct) => {
    setFailure(undefined);
    remote.mutate(act, {
      onSuccess: (answer) => {
        setStopping(false);
        setSent({ action: act.action, commandId: answer.command_id });
        onFollow(true);
      },
      onError: (error) => {
        setStopping(false);
        if (!retry.askedPassword(error, act)) setFailure(describeError(error));
      },
    });
  };
  const retry = usePasswordRetry<RemoteAct>(sn, send);
  const act = (action: RemoteAction, more: Partial<RemoteAct> = {}) =>
    send({ action, key: crypto.randomUUID(), ...more });

  const setCurrent = () => {
    // the contracts' own rule for the current (a whole number of amperes, 6–32)
    const body = { equ_sn: sn, action: 'current', current_a: amps ?? undefined, key: crypto.randomUUID() };
    const problem = schemaProblems(chargingCalls.remote.body, body).get('current_a');
    if (problem) {
      setAmpsProblem(t(problem, { ns: 'validation', keySeparator: false }));
      document.getElementById(ampsId)?.focus();
      return;
    }
    setAmpsProblem(undefined);
    act('current', { current_a: amps ?? undefined });
  };

  const hindrance = (action: RemoteAction) => remoteHindrance(view, action);
  const reasons = [...new Set((['start', 'stop', 'current'] as const).map(hindrance))].filter(
    (reason): reason is NonNullable<typeof reason> => reason !== null,
  );
  const busy = (action: RemoteAction) => remote.isPending && remote.variables?.action === action;

  return (
    <section className="charging-remote" aria-labelledby={`${ampsId}-title`} data-testid="charging-remote">
      <h3 id={`${ampsId}-title`} className="charging-subtitle">
        {t('charging.remote.title')}
      </h3>
      <div className="charging-actions">
        <Button
          type="primary"
          icon={<PlayCircleOutlined aria-hidden />}
          disabled={hindrance('start') !== null}
          loading={busy('start')}
          onClick={() => act('start')}
          data-testid="charging-start"
        >
          {t('charging.remote.start')}
        </Button>
        <Button
          danger
          icon={<PauseCircleOutlined aria-hidden />}
          disabled={hindrance('stop') !== null}
          loading={busy('stop')}
          onClick={() => setStopping(true)}
          data-testid="charging-stop"
        >
          {t('charging.remote.stop')}
        </Button>
        <span className="charging-current">
          <label htmlFor={ampsId}>{t('charging.remote.currentLabel')}</label>
          <InputNumber<number>
            id={ampsId}
            min={chargingLimits.minCurrentA}
            max={chargingLimits.maxCurrentA}
            step={1}
            precision={0}
            suffix="A"
            value={amps}
            onChange={(value) => {
              setAmps(value);
              setAmpsProblem(undefined);
            }}
            disabled={hindrance('current') !== null}
            status={ampsProblem ? 'error' : undefined}
            aria-invalid={ampsProblem !== undefined}
            aria-describedby={ampsProblem ? `${ampsId}-problem` : undefined}
            className="charging-amps"
            data-testid="charging-current-input"
          />
          <Button
            icon={<ThunderboltOutlined aria-hidden />}
            disabled={hindrance('current') !== null}
            loading={busy('current')}
            onClick={setCurrent}
            data-testid="charging-current-set"
          >
            {t('charging.remote.setCurrent')}
          </Button>
        </span>
      </div>
      {ampsProblem && (
        <p
          id={`${ampsId}-problem`}
          className="charging-problem"
          role="alert"
          data-testid="charging-current-problem"
        >
          {ampsProblem}
        </p>
      )}
      {reasons.length > 0 && (
        <ul className="charging-reasons" data-testid="charging-remote-reasons">
          {reasons.map((reason) => (
            <li key={reason} data-reason={reason}>
              {t(`charging.remote.why.${reason}`)}
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          className="charging-note"
          title={failure}
          data-testid="charging-remote-error"
        />
      )}
      {sent && (
        <div data-action={sent.action}>
          <p className="charging-muted">{t(`charging.remote.sent.${sent.action}`)}</p>
          <CommandProgress
            key={sent.commandId}
            sn={sn}
            commandId={sent.commandId}
            onEnd={() => {
              onFollow(false);
              void refresh();
            }}
            testId="charging-remote-command"
          />
        </div>
      )}
      <ConfirmDialog
        open={stopping}
        title={t('charging.remote.stopTitle')}
        okText={t('charging.remote.stopOk')}
        cancelText={t('charging.cancel')}
        danger
        pending={busy('stop')}
        onConfirm={() => act('stop')}
        onCancel={() => setStopping(false)}
        testId="charging-stop-confirm"
      >
        <p>{t('charging.remote.stopText', { sn })}</p>
      </ConfirmDialog>
      {retry.dialog}
    </section>
  );
}
