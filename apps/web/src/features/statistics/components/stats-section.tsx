import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

interface StatsSectionProps {
  title: string;
  testId: string;
  /** Placeholder rows while the figures load. */
  loading?: boolean;
  children?: ReactNode;
}

/** A titled card of the dashboard; a region named by its heading. */
export function StatsSection({ title, testId, loading = false, children }: StatsSectionProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={loading || undefined} data-testid={testId} sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography id={titleId} variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {loading ? (
        <Box aria-hidden>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={48} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : (
        children
      )}
    </Card>
  );
}

/** A section's "nothing yet" line. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}
