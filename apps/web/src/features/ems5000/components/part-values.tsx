import type { EmsPart } from '@helio/contracts/device-link';
import { useTranslation } from 'react-i18next';
import { useEmsTexts } from '../lib/use-ems-texts.ts';

type Values = Record<string, number | string>;

const CLUSTER = /^clusters\.(\d+)\.(\w+)$/;

/** A BMS's clusters from its values (`clusters.2.soc_pct`), in their order. */
export function clustersOf(values: Values): { number: number; values: Values }[] {
  const clusters = new Map<number, Values>();
  for (const [key, value] of Object.entries(values)) {
    const match = CLUSTER.exec(key);
    if (!match) continue;
    const number = Number(match[1]);
    const fields = clusters.get(number) ?? {};
    fields[match[2] as string] = value;
    clusters.set(number, fields);
  }
  return [...clusters].sort(([a], [b]) => a - b).map(([number, fields]) => ({ number, values: fields }));
}

/** Every value of a part now, a row each: its label and its text with the unit. */
export function PartValues({ part, values }: { part: EmsPart; values: Values }) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const keys = Object.keys(values).filter((key) => key !== 'state' && !CLUSTER.test(key));
  if (keys.length === 0) return <p className="ems-muted">{t('ems5000.noValues')}</p>;
  return (
    <div className="ems-table-scroll">
      <table className="ems-table" data-testid={`ems-values-${part}`}>
        <caption>{t('ems5000.valuesOf', { part: texts.partName(part) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ems5000.reading')}</th>
            <th scope="col">{t('ems5000.value')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row">{texts.valueLabel(part, key)}</th>
              <td data-testid={`ems-value-${part}-${key}`}>{texts.valueText(part, key, values[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The BMS's clusters as a table: each one's SOC, voltage, current and cell extremes with the cells' numbers. */
export function ClusterTable({ values }: { values: Values }) {
  const { t } = useTranslation();
  const texts = useEmsTexts();
  const clusters = clustersOf(values);
  if (clusters.length === 0) return null;
  const text = (fields: Values, field: string) =>
    texts.valueText('bms', `clusters.1.${field}`, fields[field]);
  const withCell = (fields: Values, field: string, cell: string) =>
    fields[cell] === undefined
      ? text(fields, field)
      : t('ems5000.cluster.withCell', { value: text(fields, field), cell: fields[cell] });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in a region the keyboard reaches
    <section className="ems-table-scroll" tabIndex={0} aria-labelledby="ems-clusters-caption">
      <table className="ems-table" data-testid="ems-clusters">
        <caption id="ems-clusters-caption">{t('ems5000.cluster.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ems5000.cluster.number')}</th>
            <th scope="col">{t('ems5000.cluster.soc')}</th>
            <th scope="col">{t('ems5000.cluster.voltage')}</th>
            <th scope="col">{t('ems5000.cluster.current')}</th>
            <th scope="col">{t('ems5000.cluster.maxCell')}</th>
            <th scope="col">{t('ems5000.cluster.minCell')}</th>
            <th scope="col">{t('ems5000.cluster.maxTemp')}</th>
            <th scope="col">{t('ems5000.cluster.minTemp')}</th>
          </tr>
        </thead>
        <tbody>
          {clusters.map(({ number, values: fields }) => (
            <tr key={number} data-testid={`ems-cluster-${number}`}>
              <th scope="row">{t('devices.reading.cluster', { number })}</th>
              <td>{text(fields, 'soc_pct')}</td>
              <td>{text(fields, 'voltage_v')}</td>
              <td>{text(fields, 'current_a')}</td>
              <td data-testid={`ems-cluster-${number}-max-cell`}>
                {withCell(fields, 'max_cell_v', 'max_cell_no')}
              </td>
              <td data-testid={`ems-cluster-${number}-min-cell`}>
                {withCell(fields, 'min_cell_v', 'min_cell_no')}
              </td>
              <td>{text(fields, 'max_cell_c')}</td>
              <td>{text(fields, 'min_cell_c')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
