import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EXPENSE_SUPPLIER_MAX, LANGUAGES, type ExpensesResponse, type Lang } from '@magiim/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { currentLanguage } from '../../../app/i18n';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { Ltr, UserText } from '../../../design/bidi';
import { EmptyState } from '../../../design/empty-state';
import { InvitationIllustration } from '../../../design/illustrations';
import { translateError } from '../../../i18n/translate-error';
import { translateMessage } from '../../../i18n/translate-message';
import { useEvent } from '../../events/use-event';
import { visuallyHidden } from '../../statistics/components/visually-hidden';
import { UnsavedChangesPrompt } from '../../guests/components/unsaved-changes-prompt';
import { downloadExpenseExport, useExpenses, useSaveExpenses } from '../api';
import { AmountField } from '../components/amount-field';
import { DescriptionField } from '../components/description-field';
import { ExpenseRowActions } from '../components/expense-row-actions';
import { ExpenseTotals } from '../components/expense-totals';
import {
  checkDraft,
  draftLeftToPay,
  draftsChanged,
  draftTotals,
  emptyDraft,
  moveDraft,
  toDrafts,
  toEdit,
  type DraftErrors,
  type ExpenseDraft,
} from '../expense-drafts';
import { formatShekels, parseShekels } from '../money';

interface Local {
  version: number;
  drafts: ExpenseDraft[];
}

type Field = keyof DraftErrors;

/**
 * `/event/:id/my-expenses`: the host's supplier payments. Rows are edited on the page and saved together
 * (`PUT expenses/{id}` at the version read). When another device saved first, the list reloads and the
 * host's unsaved rows stay on screen, ready to apply again: nothing typed is lost.
 */
export function ExpensesPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const event = useEvent();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const query = useExpenses(event.id);
  const save = useSaveExpenses(event.id);
  const [local, setLocal] = useState<Local | null>(null);
  const [tried, setTried] = useState(false);
  const [kept, setKept] = useState<ExpenseDraft[] | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const heading = <PageHeading>{t('expenses.title')}</PageHeading>;

  const saved: ExpensesResponse | undefined = query.data;
  if (!saved) {
    return (
      <>
        {heading}
        {query.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('expenses.retry')}
              </Button>
            }
          >
            {t('expenses.loadFailed')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('expenses.title')} />
          </Box>
        )}
      </>
    );
  }

  const current: Local = local ?? { version: saved.version, drafts: toDrafts(saved.expenses) };
  const drafts = current.drafts;
  const dirty = local !== null && (local.version !== saved.version || draftsChanged(local.drafts, saved.expenses));
  const update = (change: (rows: ExpenseDraft[]) => ExpenseDraft[]) => setLocal({ version: current.version, drafts: change(current.drafts) });
  const setField = (key: string, field: Field, value: string) =>
    update((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const addRow = () => update((rows) => [...rows, emptyDraft()]);

  const onSave = () => {
    setTried(true);
    setSaveError(null);
    const body = toEdit(current.version, drafts);
    if (!body) {
      setSaveError(t('expenses.fixErrors'));
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        setLocal(null);
        setTried(false);
        setKept(null);
        showToast('expenses.saved', 'success');
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'STALE_VERSION') {
          // Keep what the host typed beside the list as it is now, to apply again in one click.
          setKept(drafts);
          setLocal(null);
          void query.refetch();
          return;
        }
        setSaveError(translateError(t, error));
      },
    });
  };

  const applyKept = () => {
    if (!kept) return;
    setLocal({ version: saved.version, drafts: kept });
    setKept(null);
  };

  const onExport = (exportLang: Lang) => {
    setExportAnchor(null);
    downloadExpenseExport(event.id, exportLang)
      .then(() => showToast('expenses.exported', 'success'))
      .catch((error: unknown) => {
        if (!(isApiError(error) && error.handledGlobally)) setSaveError(translateError(t, error));
      });
  };

  const errorsOf = (draft: ExpenseDraft) => {
    const errors = checkDraft(draft);
    const shown = (field: Field) => (tried || draft[field] !== '' ? translateMessage(t, errors[field]) : undefined);
    return { description: shown('description'), supplierName: shown('supplierName'), totalPayment: shown('totalPayment'), paidAmount: shown('paidAmount') };
  };
  const leftOf = (draft: ExpenseDraft) => {
    const left = draftLeftToPay(draft);
    return left === undefined || left < 0 ? '—' : formatShekels(left, lang);
  };
  const rowName = (draft: ExpenseDraft, index: number) =>
    draft.description.trim() ? `${t('expenses.rowLabel', { num: index + 1 })}: ${draft.description.trim()}` : t('expenses.rowLabel', { num: index + 1 });
  const totals = draftTotals(drafts);
  const columns = t('expenses.columns', { returnObjects: true }) as Record<'description' | 'supplierName' | 'totalPayment' | 'paidAmount' | 'leftToPay' | 'actions', string>;

  const rowActions = (draft: ExpenseDraft, index: number) => (
    <ExpenseRowActions
      rowName={rowName(draft, index)}
      first={index === 0}
      last={index === drafts.length - 1}
      onMove={(step) => update((rows) => moveDraft(rows, index, step))}
      onDelete={() => update((rows) => rows.filter((row) => row.key !== draft.key))}
    />
  );

  const table = (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 4 }}>
      <Table aria-label={t('expenses.title')} data-testid="expense-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '28%' }}>{columns.description}</TableCell>
            <TableCell sx={{ width: '20%' }}>{columns.supplierName}</TableCell>
            <TableCell sx={{ width: '14%' }}>{columns.totalPayment}</TableCell>
            <TableCell sx={{ width: '14%' }}>{columns.paidAmount}</TableCell>
            <TableCell sx={{ width: '12%' }}>{columns.leftToPay}</TableCell>
            <TableCell sx={{ width: '12%' }} align="right">
              <Box component="span" sx={visuallyHidden}>
                {columns.actions}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {drafts.map((draft, index) => {
            const errors = errorsOf(draft);
            return (
              <TableRow key={draft.key} data-testid="expense-row" sx={{ verticalAlign: 'top' }}>
                <TableCell>
                  <DescriptionField
                    hideLabel
                    label={`${columns.description} ${index + 1}`}
                    value={draft.description}
                    onChange={(value) => setField(draft.key, 'description', value)}
                    error={errors.description}
                    data-testid="expense-description"
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    fullWidth
                    value={draft.supplierName}
                    onChange={(e) => setField(draft.key, 'supplierName', e.target.value)}
                    error={Boolean(errors.supplierName)}
                    helperText={errors.supplierName}
                    slotProps={{ htmlInput: { dir: 'auto', maxLength: EXPENSE_SUPPLIER_MAX + 20, 'aria-label': `${columns.supplierName} ${index + 1}`, 'data-testid': 'expense-supplier' } }}
                  />
                </TableCell>
                <TableCell>
                  <AmountField
                    hideLabel
                    label={`${columns.totalPayment} ${index + 1}`}
                    value={draft.totalPayment}
                    onChange={(value) => setField(draft.key, 'totalPayment', value)}
                    error={errors.totalPayment}
                    data-testid="expense-total"
                  />
                </TableCell>
                <TableCell>
                  <AmountField
                    hideLabel
                    label={`${columns.paidAmount} ${index + 1}`}
                    value={draft.paidAmount}
                    onChange={(value) => setField(draft.key, 'paidAmount', value)}
                    error={errors.paidAmount}
                    data-testid="expense-paid"
                  />
                </TableCell>
                <TableCell sx={{ pt: 2.5, fontWeight: 600 }} data-testid="expense-left">
                  <Ltr>{leftOf(draft)}</Ltr>
                </TableCell>
                <TableCell>{rowActions(draft, index)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="expense-totals-row" sx={{ '& td': { fontWeight: 700, fontSize: '1rem', color: 'text.primary', borderBottom: 0 } }}>
            <TableCell colSpan={2}>{t('expenses.totals')}</TableCell>
            <TableCell>
              <Ltr>{formatShekels(totals.totalPayment, lang)}</Ltr>
            </TableCell>
            <TableCell>
              <Ltr>{formatShekels(totals.paidAmount, lang)}</Ltr>
            </TableCell>
            <TableCell>
              <Ltr>{formatShekels(totals.leftToPay, lang)}</Ltr>
            </TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );

  const cards = (
    <Stack spacing={2} data-testid="expense-cards">
      {drafts.map((draft, index) => {
        const errors = errorsOf(draft);
        return (
          <Card key={draft.key} component="section" aria-label={rowName(draft, index)} data-testid="expense-row" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <DescriptionField
                label={columns.description}
                value={draft.description}
                onChange={(value) => setField(draft.key, 'description', value)}
                error={errors.description}
                data-testid="expense-description"
              />
              <TextField
                size="small"
                fullWidth
                label={columns.supplierName}
                value={draft.supplierName}
                onChange={(e) => setField(draft.key, 'supplierName', e.target.value)}
                error={Boolean(errors.supplierName)}
                helperText={errors.supplierName}
                slotProps={{ htmlInput: { dir: 'auto', maxLength: EXPENSE_SUPPLIER_MAX + 20, 'data-testid': 'expense-supplier' } }}
              />
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
                <AmountField
                  label={columns.totalPayment}
                  value={draft.totalPayment}
                  onChange={(value) => setField(draft.key, 'totalPayment', value)}
                  error={errors.totalPayment}
                  data-testid="expense-total"
                />
                <AmountField
                  label={columns.paidAmount}
                  value={draft.paidAmount}
                  onChange={(value) => setField(draft.key, 'paidAmount', value)}
                  error={errors.paidAmount}
                  data-testid="expense-paid"
                />
              </Box>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography>
                  {columns.leftToPay}:{' '}
                  <Box component="span" sx={{ fontWeight: 700 }} data-testid="expense-left">
                    <Ltr>{leftOf(draft)}</Ltr>
                  </Box>
                </Typography>
                {rowActions(draft, index)}
              </Stack>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );

  return (
    <>
      {heading}
      <UnsavedChangesPrompt dirty={dirty} />
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('expenses.intro')}
      </Typography>

      {kept ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="expense-conflict">
          <AlertTitle>{t('errors.STALE_VERSION')}</AlertTitle>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('expenses.conflict.keep')} · {t('expenses.conflict.rows', { count: kept.length })}
          </Typography>
          <Box component="ul" sx={{ my: 1, ps: 3 }} data-testid="expense-kept">
            {kept.map((row) => (
              <li key={row.key}>
                <UserText>{row.description || '—'}</UserText>
                {row.supplierName ? (
                  <>
                    {' · '}
                    <UserText>{row.supplierName}</UserText>
                  </>
                ) : null}
                {' · '}
                <Ltr>{formatShekels(parseShekels(row.totalPayment) ?? 0, lang)}</Ltr>
              </li>
            ))}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={applyKept} data-testid="expense-apply-kept">
              {t('expenses.conflict.apply')}
            </Button>
            <Button color="inherit" onClick={() => setKept(null)}>
              {t('expenses.conflict.discard')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {drafts.length === 0 && !dirty ? (
        <EmptyState
          data-testid="expenses-empty"
          illustration={<InvitationIllustration />}
          title={t('expenses.empty.title')}
          action={
            <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={addRow} data-testid="expense-add-first">
              {t('expenses.empty.action')}
            </Button>
          }
        >
          {t('expenses.empty.body')}
        </EmptyState>
      ) : (
        <>
          <ExpenseTotals totals={totals} lang={lang} />
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={addRow} data-testid="expense-add">
              {t('expenses.add')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={(e) => setExportAnchor(e.currentTarget)}
              aria-haspopup="menu"
              aria-expanded={exportAnchor ? 'true' : undefined}
              data-testid="expense-export"
            >
              {t('expenses.export')}
            </Button>
            <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
              {LANGUAGES.map((option) => (
                <MenuItem key={option} onClick={() => onExport(option)} data-testid={`expense-export-${option}`}>
                  {t(`expenses.exportIn.${option}`)}
                </MenuItem>
              ))}
            </Menu>
          </Stack>
          {wide ? table : cards}
        </>
      )}

      {saveError ? (
        <Alert severity="error" sx={{ mt: 3 }} data-testid="expense-save-error">
          {saveError}
        </Alert>
      ) : null}

      {drafts.length > 0 || dirty ? (
        <Paper
          variant="outlined"
          sx={{ mt: 3, p: 2, borderRadius: 4, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, zIndex: 2 }}
        >
          <Typography color={dirty ? 'text.primary' : 'text.secondary'} role="status" data-testid="expense-save-state">
            {dirty ? t('expenses.unsaved') : t('expenses.allSaved')}
          </Typography>
          <Button variant="contained" size="large" onClick={onSave} disabled={!dirty || save.isPending} data-testid="expense-save">
            {save.isPending ? t('expenses.saving') : t('expenses.save')}
          </Button>
        </Paper>
      ) : null}
    </>
  );
}
