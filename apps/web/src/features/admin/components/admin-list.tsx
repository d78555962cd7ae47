import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Ltr } from '../../../design/bidi';
import { visuallyHidden } from '../../statistics/components/visually-hidden';
import { ADMIN_FILTERS, nextListSearch, readListParams, type AdminSection } from '../admin-sections';
import { useAdminList, type AdminListPage } from '../api';
import { BackIcon, NextIcon } from '../../../design/direction-icons';

/** How long typing rests before the search goes into the address (and to the server). */
export const SEARCH_DEBOUNCE_MS = 350;

export interface AdminColumn<T> {
  key: string;
  label: string;
  render: (item: T) => ReactNode;
  /** Numbers and amounts line up at the end. */
  numeric?: boolean;
  /** Dates and times stay on one line in the table. */
  nowrap?: boolean;
}

interface AdminListProps<S extends AdminSection> {
  section: S;
  columns: AdminColumn<AdminListPage<S>['items'][number]>[];
  rowKey: (item: AdminListPage<S>['items'][number]) => string;
  /** A row's own action (open the user, decide a request). */
  rowAction?: (item: AdminListPage<S>['items'][number]) => ReactNode;
}

/**
 * One section's list: a search box (debounced, kept in the address as `?q=`), the section's filter, the rows
 * (a table on wide screens, cards on a phone), and previous/next paging (`?page=`, the server says `hasMore`).
 */
export function AdminList<S extends AdminSection>({ section, columns, rowKey, rowAction }: AdminListProps<S>) {
  const { t } = useTranslation();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const [search, setSearch] = useSearchParams();
  const params = readListParams(section, search);
  const query = useAdminList(section, params);
  const [typed, setTyped] = useState(params.q);
  const filter = ADMIN_FILTERS[section];
  const filterLabelId = useId();

  // The address wins when it changes under the box (back button, a new section).
  useEffect(() => setTyped(params.q), [params.q]);
  useEffect(() => {
    if (typed.trim() === params.q) return;
    const timer = setTimeout(() => setSearch((current) => nextListSearch(section, current, { q: typed }), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, params.q, section, setSearch]);

  const goToPage = (page: number) => {
    setSearch((current) => nextListSearch(section, current, { page }));
    window.scrollTo?.({ top: 0 });
  };

  const data = query.data;
  const items = data?.items ?? [];
  const action = (item: (typeof items)[number]) => (rowAction ? rowAction(item) : null);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          label={t(`admin.${section}.search`)}
          type="search"
          size="small"
          sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
          inputProps={{ maxLength: 200, 'data-testid': 'admin-search', dir: 'auto' }}
          InputProps={{
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          }}
        />
        {filter ? (
          <Box>
            <Typography id={filterLabelId} component="span" sx={visuallyHidden}>
              {t('admin.filter')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-labelledby={filterLabelId}
              value={params.filter}
              onChange={(_event, value: string | null) => {
                if (value) setSearch((current) => nextListSearch(section, current, { filter: value }));
              }}
              sx={{ flexWrap: 'wrap' }}
            >
              {filter.values.map((value) => (
                <ToggleButton
                  key={value}
                  value={value}
                  data-testid={`admin-filter-${value}`}
                  // The chosen filter in full purple: MUI's pale selected tint is under 4.5:1 for its text.
                  sx={{ px: 2, minHeight: 44, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' } }}
                >
                  {t(`admin.${section}.filters.${value}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        ) : null}
      </Stack>

      {query.error && !data ? (
        <Alert
          severity="error"
          data-testid="admin-list-error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {t('admin.retry')}
            </Button>
          }
        >
          {t('admin.loadFailed')}
        </Alert>
      ) : !data ? (
        <ListSkeleton label={t('admin.loading')} />
      ) : items.length === 0 ? (
        <Card variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid="admin-empty">
          <Typography variant="h3" component="h2" gutterBottom>
            {params.q ? t('admin.emptySearch.title') : t(`admin.${section}.empty`)}
          </Typography>
          <Typography color="text.secondary">{params.q ? t('admin.emptySearch.body') : t('admin.emptyBody')}</Typography>
        </Card>
      ) : wide ? (
        <TableContainer component={Card} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <Table size="small" aria-label={t(`admin.nav.${section}`)}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {column.label}
                  </TableCell>
                ))}
                {rowAction ? (
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('admin.actions')}
                    </Box>
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={rowKey(item)} data-testid="admin-row" hover>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sx={{ py: 1.5, whiteSpace: column.nowrap ? 'nowrap' : undefined }}>
                      {column.render(item)}
                    </TableCell>
                  ))}
                  {rowAction ? <TableCell align="right">{action(item)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ p: 0, m: 0, listStyle: 'none', opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          {items.map((item) => (
            <Card component="li" key={rowKey(item)} data-testid="admin-row" sx={{ p: 2 }}>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', columnGap: 2, rowGap: 0.75 }}>
                {columns.map((column) => (
                  <Box key={column.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {column.render(item)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {rowAction ? <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>{action(item)}</Box> : null}
            </Card>
          ))}
        </Stack>
      )}

      {data && (data.page > 1 || data.hasMore) ? (
        <Pager page={data.page} hasMore={data.hasMore} busy={query.isFetching} onPage={goToPage} />
      ) : null}
    </Stack>
  );
}

/** Previous / next, with the page number between (the lists never count a whole table). */
export function Pager({ page, hasMore, busy, onPage }: { page: number; hasMore: boolean; busy: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  // The chevrons point the way the page reads: in Hebrew and Arabic "next" points left (design/direction-icons).
  return (
    <Stack component="nav" aria-label={t('admin.paging.label')} direction="row" spacing={2} alignItems="center" justifyContent="center">
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1 || busy} startIcon={<BackIcon variant="chevron" />} data-testid="admin-page-previous">
        {t('admin.paging.previous')}
      </Button>
      <Typography variant="body2" color="text.secondary" data-testid="admin-page-number">
        {t('admin.paging.page')} <Ltr>{page}</Ltr>
      </Typography>
      <Button onClick={() => onPage(page + 1)} disabled={!hasMore || busy} endIcon={<NextIcon variant="chevron" />} data-testid="admin-page-next">
        {t('admin.paging.next')}
      </Button>
    </Stack>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={1} role="status" aria-label={label} data-testid="admin-loading">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}
