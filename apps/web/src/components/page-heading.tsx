import { useEffect } from 'react';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The page's one h1; it also names the browser tab. */
export function PageHeading({ children, ...props }: Omit<TypographyProps<'h1'>, 'children'> & { children: string }) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${children} | ${appName}`;
  }, [children, appName]);
  return (
    <Typography variant="h1" component="h1" gutterBottom {...props}>
      {children}
    </Typography>
  );
}
