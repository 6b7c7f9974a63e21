import type { DeviceType } from '@helio/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupReading, signConvention } from '../lib/reading-fields.ts';
import { useReadingTexts } from '../lib/use-reading-texts.ts';

interface ReadingGroupsProps {
  type: DeviceType;
  values: Record<string, number | string>;
}

/**
 * The values of one reading in groups (an EMS 5000 by its parts, other devices by what the values
 * measure), each with its label and unit; a field whose sign matters says what "+" means.
 */
export function ReadingGroups({ type, values }: ReadingGroupsProps) {
  const { t } = useTranslation();
  const { fieldLabel, valueText, groupLabel } = useReadingTexts();
  return (
    <div className="reading-groups">
      {groupReading(type, Object.keys(values)).map((group) => (
        <Descriptions
          key={group.id}
          title={groupLabel(group.id)}
          bordered
          size="small"
          column={1}
          className="reading-group"
          data-testid={`reading-group-${group.id}`}
          items={group.fields.map((field) => {
            const sign = signConvention(type, field);
            return {
              key: field,
              label: (
                <>
                  {fieldLabel(field)}
                  {sign && <span className="reading-sign">{t(`devices.reading.sign.${sign}`)}</span>}
                </>
              ),
              children: (
                <span className="reading-value" data-testid={`reading-value-${field}`}>
                  {valueText(field, values[field], type)}
                </span>
              ),
            };
          })}
        />
      ))}
    </div>
  );
}
