import { GAP_TEXT, type StationItem } from '@helio/contracts';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { useProvinceName } from '../api/reference.ts';
import { capacityText, countryName, priceText } from '../lib/format.ts';
import { stationTypeKey } from '../lib/stations.ts';
import { SectionTitle } from './section-title.tsx';

dayjs.extend(localizedFormat);

const day = (value: string | null) => (value ? dayjs(value).format('LL') : GAP_TEXT);

/** A station's basic information: everything its form holds, as the detail screen shows it. */
export function StationBasicInfo({ station }: { station: StationItem }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const province = useProvinceName(station.country_code, station.province_code);
  const items: DescriptionsProps['items'] = [
    { key: 'type', label: t('stations.field.type'), children: t(stationTypeKey(station.station_type)) },
    {
      key: 'capacity',
      label: t('stations.field.capacity'),
      children: capacityText(station.capacity_kwp, language),
    },
    {
      key: 'country',
      label: t('stations.field.country'),
      children: countryName(station.country_code, language),
    },
    { key: 'province', label: t('stations.field.province'), children: province ?? GAP_TEXT },
    { key: 'city', label: t('stations.field.city'), children: station.city ?? GAP_TEXT },
    { key: 'address', label: t('stations.field.address'), children: station.address },
    {
      key: 'coordinates',
      label: t('stations.field.coordinates'),
      children: `${station.latitude.toFixed(6)}, ${station.longitude.toFixed(6)}`,
    },
    { key: 'timezone', label: t('stations.field.timezone'), children: station.timezone },
    {
      key: 'price',
      label: t('stations.field.price'),
      children: priceText(station.unit_price, station.currency, language),
    },
    {
      key: 'commissioning',
      label: t('stations.field.commissioningDate'),
      children: day(station.commissioning_date),
    },
    {
      key: 'grid',
      label: t('stations.field.gridConnectionDate'),
      children: day(station.grid_connection_date),
    },
    { key: 'installer', label: t('stations.field.installer'), children: station.installer_name ?? GAP_TEXT },
    { key: 'endUser', label: t('stations.field.endUser'), children: station.end_user_name ?? GAP_TEXT },
    {
      key: 'created',
      label: t('stations.column.created_at'),
      children: dayjs(station.created_at).format('L LT'),
    },
  ];
  return (
    <Card
      title={<SectionTitle>{t('stations.detail.basicInfo')}</SectionTitle>}
      className="station-section"
      data-testid="station-basic-info"
    >
      <Descriptions items={items} column={{ xs: 1, sm: 2, xl: 3 }} size="small" />
    </Card>
  );
}
