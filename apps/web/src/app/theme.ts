import type { ThemeConfig } from 'antd';

/** Brand teal for actions and selection; the sun's amber is the logo's accent. */
export const BRAND_PRIMARY = '#0f766e';
const SIDEBAR_BG = '#0f1f1d';

/**
 * Secondary text (descriptions, breadcrumbs, table notes) and placeholders, dark enough for
 * WCAG AA (4.5:1) on white and on the page background; antd's defaults give 3.4:1 and 1.8:1.
 * global.css's `--helio-text-secondary` holds the same value for the app's own styles.
 */
export const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.6)';
const TEXT_PLACEHOLDER = 'rgba(0, 0, 0, 0.58)';

/**
 * Tag texts of the preset colours are each palette's seventh shade on its first: several are
 * below 4.5:1 (orange 3.3, green 3.4), so their palettes are seeded darker, one or two of antd's
 * shades, until the text reads (theme.test.ts checks every preset).
 */
const readablePresets = {
  volcano: '#d4380d',
  orange: '#d46b08',
  gold: '#ad6800',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
};

export const theme: ThemeConfig = {
  cssVar: { key: 'helio' },
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    colorBgLayout: '#f5f7f9',
    // status colours, and their light backgrounds set as they are not derived light enough
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#9a5c00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorInfoBg: '#e6f4f2',
    colorInfoBorder: '#99cdc6',
    colorTextTertiary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    ...readablePresets,
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
    // a table's "no data" line is text to read, not a disabled control
    Table: { colorTextDisabled: TEXT_SECONDARY },
    Layout: {
      siderBg: SIDEBAR_BG,
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      footerPadding: '12px 24px',
      footerBg: 'transparent',
    },
    Menu: {
      darkItemBg: SIDEBAR_BG,
      darkSubMenuItemBg: SIDEBAR_BG,
      darkItemSelectedBg: BRAND_PRIMARY,
    },
  },
};
