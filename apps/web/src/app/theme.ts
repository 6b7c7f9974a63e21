import type { ThemeConfig } from 'antd';

/** Brand teal for actions and selection; the sun's amber is the logo's accent. */
export const BRAND_PRIMARY = '#0f766e';
const SIDEBAR_BG = '#0f1f1d';

export const theme: ThemeConfig = {
  cssVar: { key: 'helio' },
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    colorBgLayout: '#f5f7f9',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
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
