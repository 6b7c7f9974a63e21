import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { FilePanel } from '../components/file-panel.tsx';
import { ModelPanel } from '../components/model-panel.tsx';
import { SeriesPanel } from '../components/series-panel.tsx';
import '../firmware.css';

/**
 * The platform operator's firmware catalogue (PRODUCT.md §8): series → models → signed files.
 * The menu offers it to the operator only; any other account reaching its address gets the
 * catalogue's refusal (9001) in place of each list.
 */
export function FirmwareCatalogueRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('firmware.catalogue.title'));
  return (
    <section className="page firmware-catalogue" data-testid="firmware-catalogue">
      <PageHeader title={t('firmware.catalogue.title')} />
      <Typography.Paragraph type="secondary">{t('firmware.catalogue.intro')}</Typography.Paragraph>
      {/* one above the other at every width: side by side, half a desktop is too narrow for the
          models' columns and the series' actions, which were reached only by scrolling sideways */}
      <Card className="page-card">
        <SeriesPanel />
      </Card>
      <Card className="page-card">
        <ModelPanel />
      </Card>
      <Card className="page-card">
        <FilePanel />
      </Card>
    </section>
  );
}
