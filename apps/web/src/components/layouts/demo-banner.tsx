import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Shown to the demo account (SPEC.md §6), whose every change the server refuses (9001). Plain
 * markup styled like antd's warning banner: antd's Alert would weigh on every user's first load.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div className="demo-banner" role="status" data-testid="demo-banner">
      <EyeOutlined className="demo-banner-icon" aria-hidden />
      <span>{t('layout.demoBanner')}</span>
    </div>
  );
}
