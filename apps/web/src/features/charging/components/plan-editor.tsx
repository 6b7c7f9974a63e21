import type { ChargingPlan, ChargingPlanView } from '@helio/contracts';
import { Alert, Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { validateWhole } from '../../../lib/form-problems.ts';
import { energyText } from '../../stations/index.ts';
import { usePlanPreview, useSavePlan } from '../api/charging.ts';
import { formValuesOf, type PlanFormValues, planOf } from '../lib/plan-form.ts';
import { useChargingTexts } from '../lib/use-charging-texts.ts';
import { ForecastView } from './forecast-view.tsx';
import { usePasswordRetry } from './password-retry.tsx';
import { PlanFields } from './plan-fields.tsx';
import { OverrideTarget, WeeklyTargets } from './target-fields.tsx';
import { usePlanForm } from './use-plan-form.ts';

/** The preview is asked once the form has been still this long. */
const PREVIEW_DELAY_MS = 600;

interface SaveRequest {
  plan: ChargingPlan;
  key: string;
}

export interface PlanEditorProps {
  view: ChargingPlanView;
  /** Saved: the command that sends it to the charger. */
  onSaved: (commandId: string) => void;
  onCancel: () => void;
}

/** The forecast of the plan as typed, asked a moment after each change (none while it has a problem). */
function LivePreview({ view, form }: { view: ChargingPlanView; form: ReturnType<typeof usePlanForm> }) {
  const { t } = useTranslation();
  const values = Form.useWatch([], { form: form.form, preserve: true }) as PlanFormValues | undefined;
  const settled = useDebouncedValue(values, PREVIEW_DELAY_MS);
  const plan = useMemo(
    () => (settled ? planOf(settled, view.timezone, Date.now()) : undefined),
    [settled, view.timezone],
  );
  const preview = usePlanPreview(view.equ_sn, plan);
  return (
    <section
      className="charging-preview"
      aria-labelledby="charging-preview-title"
      data-testid="charging-preview-section"
    >
      <h4 id="charging-preview-title" className="charging-minor-title">
        {t('charging.form.preview')}
      </h4>
      {!plan && settled && (
        <p className="charging-muted" data-testid="charging-preview-waiting">
          {t('charging.form.previewNeedsValid')}
        </p>
      )}
      {preview.isError && !preview.isFetching && (
        <Alert
          type="warning"
          showIcon
          title={t('charging.form.previewFailed')}
          data-testid="charging-preview-failed"
        />
      )}
      {preview.data && (
        <ForecastView
          forecast={preview.data}
          zone={view.timezone}
          currency={view.currency}
          testId="charging-preview"
          busy={preview.isFetching || (plan !== undefined && preview.isPlaceholderData)}
        />
      )}
    </section>
  );
}

/**
 * The plan's editor: mode, currents, phases, capacity, weekly targets and a one-off override,
 * checked by the contracts' rules as typed, with the forecast of the plan as typed beside it.
 * Save says first what will be sent; an installer is asked the device password when the server
 * wants it, and the same request is sent again once the device is unlocked.
 */
export function PlanEditor({ view, onSaved, onCancel }: PlanEditorProps) {
  const { t } = useTranslation();
  const texts = useChargingTexts();
  const zone = view.timezone;
  const planForm = usePlanForm(zone);
  const { form } = planForm;
  const save = useSavePlan(view.equ_sn);
  const [initial] = useState(() => formValuesOf(view.plan, zone, Date.now()));
  const [confirming, setConfirming] = useState<SaveRequest>();
  const [failure, setFailure] = useState<string>();

  const send = (request: SaveRequest) => {
    setFailure(undefined);
    save.mutate(request, {
      onSuccess: (answer) => {
        setConfirming(undefined);
        onSaved(answer.command_id);
      },
      onError: (error) => {
        if (retry.askedPassword(error, request)) {
          setConfirming(undefined);
          return;
        }
        const shown = planForm.showRefusal(error);
        if (shown !== undefined) setFailure(shown);
        else setConfirming(undefined);
      },
    });
  };
  const retry = usePasswordRetry<SaveRequest>(view.equ_sn, send);

  const ask = async () => {
    setFailure(undefined);
    if (!(await validateWhole(form))) return;
    const plan = planOf(form.getFieldsValue(true) as PlanFormValues, zone, Date.now());
    if (plan) setConfirming({ plan, key: crypto.randomUUID() });
  };

  return (
    <section
      className="charging-editor"
      aria-labelledby="charging-editor-title"
      data-testid="charging-plan-editor"
    >
      <h3 id="charging-editor-title" className="charging-subtitle">
        {t('charging.form.title')}
      </h3>
      <Form<PlanFormValues>
        form={form}
        name="charging-plan"
        layout="vertical"
        initialValues={initial}
        validateTrigger={['onChange', 'onBlur']}
        onValuesChange={() => {
          setFailure(undefined);
          planForm.recheck();
        }}
      >
        <PlanFields form={planForm} hasTariff={view.has_tariff} />
        <h4 className="charging-minor-title">{t('charging.form.weekly')}</h4>
        <p className="charging-muted">{t('charging.form.weeklyHelp')}</p>
        <WeeklyTargets form={planForm} />
        <OverrideTarget form={planForm} zone={zone} />
      </Form>
      <LivePreview view={view} form={planForm} />
      {failure && !confirming && (
        <Alert
          type="error"
          showIcon
          className="charging-note"
          title={failure}
          data-testid="charging-plan-error"
        />
      )}
      <div className="charging-actions">
        <Button type="primary" onClick={() => void ask()} data-testid="charging-plan-save">
          {t('charging.form.save')}
        </Button>
        <Button onClick={onCancel} disabled={save.isPending} data-testid="charging-plan-cancel">
          {t('charging.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('charging.form.confirmTitle')}
        okText={t('charging.form.confirmOk')}
        cancelText={t('charging.cancel')}
        pending={save.isPending}
        failure={failure}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => {
          setConfirming(undefined);
          setFailure(undefined);
        }}
        testId="charging-plan-confirm"
      >
        {confirming && (
          <>
            <p data-testid="charging-plan-confirm-text">{texts.plan(confirming.plan, zone)}</p>
            <p>{t('charging.form.confirmSend', { sn: view.equ_sn })}</p>
            <ConfirmForecast view={view} plan={confirming.plan} />
          </>
        )}
      </ConfirmDialog>
      {retry.dialog}
    </section>
  );
}

/** What the plan about to be sent expects by departure (its preview, asked already while editing). */
function ConfirmForecast({ view, plan }: { view: ChargingPlanView; plan: ChargingPlan }) {
  const { t } = useTranslation();
  const preview = usePlanPreview(view.equ_sn, plan);
  if (!preview.data || preview.isPlaceholderData) return null;
  return (
    <p>
      {t('charging.form.confirmExpected', { energy: energyText(preview.data.expected_kwh) })}
      {preview.data.reachable === false
        ? ` ${t('charging.form.confirmShort', { energy: energyText(preview.data.shortfall_kwh) })}`
        : ''}
    </p>
  );
}
