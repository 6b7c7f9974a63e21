import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { AutoComplete, Col, Form, type FormRule, Input, InputNumber, Row, Select } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readMapTiles } from '../../../lib/map-tiles.ts';
import { useCities, useCountries, useProvinces } from '../api/reference.ts';
import { roundCoordinates } from '../lib/coordinates.ts';
import { matchesSearch } from '../lib/search.ts';
import type { StationFormValues } from '../lib/station-form.ts';
import type { MapFocus, MapPoint } from './location-map.tsx';

const LocationMap = lazy(() => import('./location-map.tsx'));

/** How close a chosen city is shown on the map. */
const CITY_ZOOM = 12;

interface LocationPickerProps {
  rule: (field: string) => FormRule;
}

/**
 * The station's place (SPEC.md §5 "a detailed address must be chosen on the map"): country,
 * province and city from api/areainfo, the point clicked on the map (or dragged, or typed), and the
 * detailed address. Choosing a city (the place search) puts the pin on it, so the picker works
 * without map tiles too.
 */
export function LocationPicker({ rule }: LocationPickerProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<StationFormValues>();
  const countryCode = Form.useWatch('country_code', form);
  const provinceCode = Form.useWatch('province_code', form);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const [citySearch, setCitySearch] = useState('');
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const tiles = useMemo(() => readMapTiles(), []);

  const countries = useCountries();
  const provinces = useProvinces(countryCode || undefined);
  const cities = useCities(provinceCode || undefined);

  const position: MapPoint | null =
    typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  const place = (point: MapPoint) => {
    form.setFieldsValue(roundCoordinates(point.latitude, point.longitude));
    void form.validateFields(['latitude', 'longitude']).catch(() => undefined);
  };

  const cityOptions = useMemo(
    () =>
      (cities.data ?? [])
        .filter((city) => matchesSearch(city.name, citySearch))
        .slice(0, 200)
        .map((city) => ({ key: city.area_code, value: city.name, label: city.name, city })),
    [cities.data, citySearch],
  );

  const hasProvinces = (provinces.data?.length ?? 0) > 0;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="country_code"
            label={t('stations.field.country')}
            required
            rules={[rule('country_code')]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('stations.countryPlaceholder')}
              loading={countries.isFetching}
              options={(countries.data ?? []).map((country) => ({
                value: country.area_code,
                label: country.name,
              }))}
              onChange={() => form.setFieldsValue({ province_code: undefined, city: undefined })}
              data-testid="station-country"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="province_code"
            label={t('stations.field.province')}
            rules={[rule('province_code')]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              disabled={!countryCode || (!provinces.isFetching && !hasProvinces)}
              placeholder={
                countryCode && !provinces.isFetching && !hasProvinces
                  ? t('stations.noProvinces')
                  : t('stations.provincePlaceholder')
              }
              loading={provinces.isFetching}
              options={(provinces.data ?? []).map((province) => ({
                value: province.area_code,
                label: province.name,
              }))}
              onChange={() => form.setFieldsValue({ city: undefined })}
              data-testid="station-province"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="city"
            label={t('stations.field.city')}
            rules={[rule('city')]}
            tooltip={t('stations.cityHint')}
          >
            <AutoComplete
              options={cityOptions}
              // The options are filtered here, accent-insensitively; the input keeps the city's name.
              filterOption={false}
              onSearch={setCitySearch}
              onSelect={(_value: string, option: (typeof cityOptions)[number]) => {
                const { city } = option;
                if (typeof city.latitude === 'number' && typeof city.longitude === 'number') {
                  place({ latitude: city.latitude, longitude: city.longitude });
                  setFocus({
                    latitude: city.latitude,
                    longitude: city.longitude,
                    zoom: CITY_ZOOM,
                    key: Date.now(),
                  });
                }
              }}
              placeholder={provinceCode ? t('stations.citySearchPlaceholder') : t('stations.cityPlaceholder')}
              prefix={<AimOutlined />}
              maxLength={255}
              data-testid="station-city"
            />
          </Form.Item>
        </Col>
      </Row>

      <div className="station-map" data-testid="station-map">
        <Suspense fallback={<div className="station-map-loading" aria-busy="true" />}>
          <LocationMap tiles={tiles} position={position} focus={focus} onPick={place} />
        </Suspense>
      </div>
      <p className="station-map-hint">
        <EnvironmentOutlined aria-hidden /> {t('stations.mapHint')}
      </p>

      <Row gutter={16}>
        <Col xs={12} sm={8}>
          <Form.Item name="latitude" label={t('stations.field.latitude')} required rules={[rule('latitude')]}>
            <InputNumber<number>
              min={-90}
              max={90}
              step={0.000001}
              precision={6}
              className="full-width"
              placeholder="52.229676"
              data-testid="station-latitude"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="longitude"
            label={t('stations.field.longitude')}
            required
            rules={[rule('longitude')]}
          >
            <InputNumber<number>
              min={-180}
              max={180}
              step={0.000001}
              precision={6}
              className="full-width"
              placeholder="21.012229"
              data-testid="station-longitude"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="address" label={t('stations.field.address')} required rules={[rule('address')]}>
        <Input maxLength={255} placeholder={t('stations.addressPlaceholder')} data-testid="station-address" />
      </Form.Item>
    </>
  );
}
