import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  illustration: ReactNode;
  title: string;
  /** The heading level in the page's outline (the page's h1 usually sits above). */
  titleComponent?: 'h1' | 'h2';
  children?: ReactNode;
  action?: ReactNode;
  'data-testid'?: string;
}

/** An illustrated, warm "nothing here yet" with one clear next step. */
export function EmptyState({ illustration, title, titleComponent = 'h2', children, action, ...rest }: EmptyStateProps) {
  return (
    <Box
      data-testid={rest['data-testid']}
      sx={{
        textAlign: 'center',
        px: { xs: 3, md: 6 },
        py: { xs: 4, md: 6 },
        borderRadius: 4,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box sx={{ width: { xs: 220, md: 280 } }}>{illustration}</Box>
      <Typography variant={titleComponent === 'h1' ? 'h1' : 'h2'} component={titleComponent}>
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {children}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
