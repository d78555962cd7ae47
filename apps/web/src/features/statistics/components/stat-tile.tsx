import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Count } from './count';

export interface StatTileProps {
  /** Names the tile for tests: `stat-<id>` and `stat-<id>-value`. */
  id: string;
  label: string;
  /** Undefined while the figures load: a placeholder of the same size keeps the layout still. */
  value: number | undefined;
  icon: ReactNode;
  tint: string;
  ink: string;
  large?: boolean;
  /** A line under the label ("Partly coming: 2"); null while it loads (a placeholder holds its room). */
  caption?: ReactNode;
}

export function StatTile({ id, label, value, icon, tint, ink, large = false, caption }: StatTileProps) {
  return (
    <Card
      sx={{
        flexGrow: 1,
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        // On a phone a large tile puts its icon above the figure, leaving the label the card's width.
        flexDirection: { xs: large ? 'column' : 'row', sm: 'row' },
        gap: { xs: large ? 1 : 2, sm: 2 },
        alignItems: { xs: large ? 'flex-start' : 'center', sm: 'center' },
      }}
      data-testid={`stat-${id}`}
    >
      <Box
        aria-hidden
        sx={{
          width: { xs: 44, sm: large ? 52 : 44 },
          height: { xs: 44, sm: large ? 52 : 44 },
          borderRadius: '50%',
          bgcolor: tint,
          color: ink,
          display: { xs: large ? 'grid' : 'none', sm: 'grid' },
          placeItems: 'center',
          flexShrink: 0,
          '& svg': { fontSize: large ? 28 : 24 },
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {/* A fixed line height, so the placeholder and the figure take the same room. */}
        <Typography component="p" sx={{ fontSize: large ? '1.875rem' : '1.5rem', fontWeight: 700, lineHeight: 1.2, height: '1.2em' }} data-testid={`stat-${id}-value`}>
          {value === undefined ? <Skeleton variant="rounded" width={large ? 64 : 48} height="1em" sx={{ display: 'inline-block', verticalAlign: 'top', mt: '0.1em' }} /> : <Count value={value} />}
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {label}
        </Typography>
        {caption === undefined ? null : (
          <Typography component="p" variant="caption" color="text.secondary">
            {caption ?? <Skeleton variant="text" width={96} />}
          </Typography>
        )}
      </Box>
    </Card>
  );
}
