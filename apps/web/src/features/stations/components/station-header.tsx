import {
  ClockCircleOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  EnvironmentOutlined,
  LinkOutlined,
  MoreOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { StationItem } from '@helio/contracts';
import { Breadcrumb, Button, Card, Dropdown, type MenuProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProvinceName } from '../api/reference.ts';
import { capacityText, placeText } from '../lib/format.ts';
import { type StationAccess, stationTypeKey, unbindable } from '../lib/stations.ts';
import { StationPhoto } from './station-photo.tsx';
import { StationStatus } from './station-status.tsx';
import type { StationAction } from './station-table.tsx';

interface StationHeaderProps {
  station: StationItem;
  access: StationAccess;
  onAction: (action: StationAction, station: StationItem) => void;
}

/**
 * The top of a station's detail screen: photo, name, type and status, where it is, its capacity,
 * time zone and whom it is bound to, with edit (and, for installers, bind, unbind and delete).
 */
export function StationHeader({ station, access, onAction }: StationHeaderProps) {
  const { t, i18n } = useTranslation();
  const can = unbindable(station);
  const province = useProvinceName(station.country_code, station.province_code);
  const more: MenuProps['items'] = [
    { key: 'bind', icon: <LinkOutlined aria-hidden />, label: t('stations.bind') },
    {
      key: 'unbind-installer',
      icon: <DisconnectOutlined aria-hidden />,
      label: t('stations.unbindInstaller'),
      disabled: !can.installer,
    },
    {
      key: 'unbind-end-user',
      icon: <DisconnectOutlined aria-hidden />,
      label: t('stations.unbindEndUser'),
      disabled: !can.end_user,
    },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('stations.delete'), danger: true },
  ];

  return (
    <>
      <Breadcrumb
        className="station-breadcrumb"
        items={[
          { title: <Link to="/dashboard">{t('pages.stations.title')}</Link> },
          { title: station.station_name },
        ]}
      />
      <Card className="station-header" data-testid="station-header">
        <div className="station-header-body">
          <StationPhoto
            url={station.photo_url}
            name={station.station_name}
            size={104}
            className="station-header-photo"
          />
          <div className="station-header-main">
            <div className="station-header-title">
              <Typography.Title level={1} className="page-title station-title" data-testid="station-title">
                {station.station_name}
              </Typography.Title>
              <Tag className="station-type-tag">{t(stationTypeKey(station.station_type))}</Tag>
              <StationStatus status={station.status} />
            </div>
            <p className="station-header-place">
              <EnvironmentOutlined aria-hidden /> {placeText(station, province, i18n.language)}
            </p>
            <dl className="station-header-facts">
              <div>
                <dt>
                  <ThunderboltOutlined aria-hidden /> {t('stations.field.capacity')}
                </dt>
                <dd>{capacityText(station.capacity_kwp, i18n.language)}</dd>
              </div>
              <div>
                <dt>
                  <ClockCircleOutlined aria-hidden /> {t('stations.field.timezone')}
                </dt>
                <dd data-testid="station-timezone-shown">{station.timezone}</dd>
              </div>
              <div>
                <dt>
                  <UserOutlined aria-hidden /> {t('stations.field.installer')}
                </dt>
                <dd>{station.installer_name ?? t('stations.notBound')}</dd>
              </div>
              <div>
                <dt>
                  <UserOutlined aria-hidden /> {t('stations.field.endUser')}
                </dt>
                <dd>{station.end_user_name ?? t('stations.notBound')}</dd>
              </div>
            </dl>
          </div>
          {access.canWrite && (
            <div className="station-header-actions">
              <Button
                icon={<EditOutlined aria-hidden />}
                onClick={() => onAction('edit', station)}
                data-testid="station-edit"
              >
                {t('stations.edit')}
              </Button>
              {access.canManage && (
                <Dropdown
                  trigger={['click']}
                  menu={{ items: more, onClick: ({ key }) => onAction(key as StationAction, station) }}
                >
                  <Button
                    icon={<MoreOutlined aria-hidden />}
                    aria-label={t('stations.moreActions', { name: station.station_name })}
                    data-testid="station-more"
                  />
                </Dropdown>
              )}
            </div>
          )}
        </div>
      </Card>
    </>
  );
}
