import { GlobalOutlined } from '@ant-design/icons';
import { type Language, languageNames, languages } from '@helio/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../lib/language.ts';
import { notifyError } from '../lib/notifier.ts';

const options = languages.map((code) => ({
  value: code,
  label: <span lang={code}>{languageNames[code]}</span>,
  'data-testid': `lang-option-${code}`,
}));

/** The five interface languages (SPEC.md §1), each named in itself; the choice is kept in curLang. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { language } = useLanguage();

  const choose = (next: Language) => {
    changeLanguage(next).catch(() => {
      // The language's files could not be downloaded: the current language stays.
      notifyError(t('network', { ns: 'errors' }), 'network');
    });
  };

  return (
    <Select<Language>
      data-testid="lang-select"
      aria-label={t('language.label')}
      className="lang-select"
      value={language}
      onChange={choose}
      options={options}
      prefix={<GlobalOutlined aria-hidden />}
      popupMatchSelectWidth={false}
      variant="borderless"
    />
  );
}
