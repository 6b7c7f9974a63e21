import { RoleId, type StationItem, station, stationTypes } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Col, DatePicker, Divider, Form, Input, InputNumber, Modal, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormProblems } from '../../../hooks/use-form-problems.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { call } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useCurrencies, useTimezones } from '../api/reference.ts';
import { useRefreshStations } from '../api/stations.ts';
import { useStationProblems } from '../hooks/use-station-problems.ts';
import {
  addBody,
  editBody,
  type StationFormValues,
  stationFormFields,
  stationFormSchema,
  valuesOfStation,
} from '../lib/station-form.ts';
import { stationTypeKey } from '../lib/stations.ts';
import { EndUserChoice, InstallerChoice } from './account-choice.tsx';
import { LocationPicker } from './location-picker.tsx';
import { PhotoField } from './photo-field.tsx';
import '../stations.css';

export interface StationDialogProps {
  /** The station to edit; a new one when absent. */
  station?: StationItem;
  open: boolean;
  onClose: () => void;
  /** After the call succeeded and the dialog has said so; the dialog closes itself. */
  onSaved?: (station: StationItem) => void;
  /** Once the dialog has closed (and its closing motion ended): where the focus goes back. */
  afterClose?: () => void;
}

const DATE = 'YYYY-MM-DD';

/** DatePicker shows dayjs; the form keeps YYYY-MM-DD text, as the call sends it. */
const dateField = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value, DATE) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(DATE) : null),
};

/**
 * Adds or edits a station (bg/station/add, bg/station/edit): name, type, place on the map,
 * capacity, dates, price, time zone, photo and, for a new station of an installer, whom it is bound
 * to. The shared schemas check each field on blur and on submit; the server's refusals (3001 name
 * taken, the binding rules 3005/3006/3008/3009) come back under their fields.
 */
export function StationDialog({ station: editing, open, onClose, onSaved, afterClose }: StationDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<StationFormValues>();
  const problems = useFormProblems(form, stationFormSchema, stationFormFields);
  const showServerProblems = useStationProblems(form, stationFormFields);
  const refreshStations = useRefreshStations();
  const [photoUrl, setPhotoUrl] = useState<string | null>(editing?.photo_url ?? null);
  const installerId = Form.useWatch('installer_id', form);
  const currencies = useCurrencies();
  const timezones = useTimezones();
  const isInstaller = session?.roleId === RoleId.installer;
  const bindsAccounts = !editing && isInstaller;

  const initialValues = useMemo<StationFormValues>(
    () => (editing ? valuesOfStation(editing) : { installer_id: isInstaller ? session?.userId : undefined }),
    [editing, isInstaller, session?.userId],
  );

  const save = useMutation({
    mutationFn: (values: StationFormValues) =>
      editing
        ? call(station.edit, editBody(editing.station_id, values))
        : call(
            station.add,
            addBody(bindsAccounts ? values : { ...values, installer_id: null, end_user_id: null }),
          ),
    onSuccess: (saved, values) => {
      const proposed = !values.timezone;
      const done = editing ? 'stations.saved' : 'stations.added';
      notifySuccess(
        proposed
          ? `${t(done, { name: saved.station_name })} ${t('stations.timezoneProposed', { timezone: saved.timezone })}`
          : t(done, { name: saved.station_name }),
        'station-dialog',
      );
      void refreshStations();
      onClose();
      onSaved?.(saved);
    },
    onError: showServerProblems,
  });

  const typeOptions = stationTypes.map((type) => ({ value: type, label: t(stationTypeKey(type)) }));
  const currencyOptions = (currencies.data ?? []).map((currency) => ({
    value: currency.currency_code,
    label: `${currency.currency_code} · ${currency.name}`,
  }));
  const timezoneOptions = (timezones.data ?? []).map((zone) => ({
    value: zone.timezone,
    label: `(UTC${zone.utc_offset}) ${zone.timezone}`,
  }));

  return (
    <Modal
      open={open}
      title={editing ? t('stations.editTitle', { name: editing.station_name }) : t('stations.addTitle')}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={false}
      width={isMobile ? '100%' : 760}
      centered={!isMobile}
      className="station-dialog"
      modalRender={(dom) => (
        <Form<StationFormValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          clearOnDestroy
          initialValues={initialValues}
          onFinish={(values) => save.mutate(values)}
          onValuesChange={(changed: StationFormValues) => {
            if ('installer_id' in changed) form.setFieldValue('end_user_id', undefined);
          }}
          disabled={save.isPending}
          scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        >
          {dom}
        </Form>
      )}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={false}>
          {t('stations.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="station-submit"
        >
          {editing ? t('stations.submitSave') : t('stations.submitAdd')}
        </Button>,
      ]}
    >
      <div data-testid="station-dialog" className="station-dialog-body">
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item
              name="station_name"
              label={t('stations.field.name')}
              required
              rules={[problems.rule('station_name')]}
            >
              <Input maxLength={100} autoFocus autoComplete="off" data-testid="station-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name="station_type"
              label={t('stations.field.type')}
              required
              rules={[problems.rule('station_type')]}
            >
              <Select
                options={typeOptions}
                placeholder={t('stations.typePlaceholder')}
                data-testid="station-type"
                optionRender={(option) => (
                  <span data-testid={`station-type-option-${option.value}`}>{option.label}</span>
                )}
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" className="dialog-section">
          {t('stations.sectionLocation')}
        </Divider>
        <LocationPicker rule={problems.rule} />

        <Divider titlePlacement="start" className="dialog-section">
          {t('stations.sectionPlant')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="capacity_kwp"
              label={t('stations.field.capacity')}
              required
              rules={[problems.rule('capacity_kwp')]}
            >
              <InputNumber<number>
                min={0}
                max={1_000_000}
                step={0.1}
                className="full-width"
                suffix="kWp"
                data-testid="station-capacity"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="commissioning_date"
              label={t('stations.field.commissioningDate')}
              rules={[problems.rule('commissioning_date')]}
              {...dateField}
            >
              <DatePicker className="full-width" data-testid="station-commissioning-date" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="grid_connection_date"
              label={t('stations.field.gridConnectionDate')}
              dependencies={['commissioning_date']}
              rules={[problems.rule('grid_connection_date')]}
              {...dateField}
            >
              <DatePicker className="full-width" data-testid="station-grid-date" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('stations.field.price')} required tooltip={t('stations.priceHint')}>
              <Space.Compact block>
                <Form.Item name="unit_price" noStyle rules={[problems.rule('unit_price')]}>
                  <InputNumber<number>
                    min={0}
                    step={0.01}
                    className="price-input"
                    placeholder="0.25"
                    aria-label={t('stations.field.price')}
                    data-testid="station-price"
                  />
                </Form.Item>
                <Form.Item name="currency" noStyle rules={[problems.rule('currency')]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    className="currency-select"
                    placeholder={t('stations.currencyPlaceholder')}
                    aria-label={t('stations.field.currency')}
                    loading={currencies.isFetching}
                    options={currencyOptions}
                    popupMatchSelectWidth={280}
                    data-testid="station-currency"
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="timezone"
              label={t('stations.field.timezone')}
              rules={[problems.rule('timezone')]}
              extra={t('stations.timezoneHint')}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={t('stations.timezonePlaceholder')}
                loading={timezones.isFetching}
                options={timezoneOptions}
                data-testid="station-timezone"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="photo_id" label={t('stations.field.photo')} rules={[problems.rule('photo_id')]}>
          <PhotoField previewUrl={photoUrl} onPreviewUrl={setPhotoUrl} />
        </Form.Item>

        {bindsAccounts && (
          <>
            <Divider titlePlacement="start" className="dialog-section">
              {t('stations.sectionBindings')}
            </Divider>
            <p className="dialog-intro">{t('stations.bindingsIntro')}</p>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="installer_id" label={t('stations.field.installer')}>
                  <InstallerChoice
                    allowClear
                    placeholder={t('stations.installerPlaceholder')}
                    data-testid="station-installer"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="end_user_id"
                  label={t('stations.field.endUser')}
                  extra={t('stations.endUserHint')}
                >
                  <EndUserChoice
                    allowClear
                    installerId={installerId}
                    placeholder={t('stations.endUserPlaceholder')}
                    data-testid="station-end-user"
                  />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        {editing && (
          <p className="dialog-note station-dialog-bindings">
            {t('stations.bindingsReadOnly', {
              installer: editing.installer_name ?? '--',
              endUser: editing.end_user_name ?? '--',
            })}
          </p>
        )}
      </div>
    </Modal>
  );
}

export default StationDialog;
