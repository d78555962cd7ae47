import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ContentNavItem } from './content-nav';

/** The dashboard's top tabs; loaded apart (content-layout.tsx), as today's dashboards show one tab, i.e. no bar. */
export function TabBar({ tabs, active }: { tabs: ContentNavItem[]; active: string | false }) {
  const { t } = useTranslation();
  return (
    <Tabs value={active} variant="scrollable" scrollButtons="auto" aria-label={t('layout.tabsLabel')}>
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={t(tab.labelKey)} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}
