import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

interface ExpenseRowActionsProps {
  /** The row's name for screen readers ("Expense 3: Hall"). */
  rowName: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}

/** Up, down and delete: reordering with buttons works with a keyboard and a screen reader, unlike dragging. */
export function ExpenseRowActions({ rowName, first, last, onMove, onDelete }: ExpenseRowActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <IconButton aria-label={`${t('expenses.moveUp')}: ${rowName}`} disabled={first} onClick={() => onMove(-1)} data-testid="expense-up" sx={{ width: 44, height: 44 }}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`${t('expenses.moveDown')}: ${rowName}`} disabled={last} onClick={() => onMove(1)} data-testid="expense-down" sx={{ width: 44, height: 44 }}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`${t('expenses.delete')}: ${rowName}`} onClick={onDelete} data-testid="expense-delete" sx={{ width: 44, height: 44, color: 'secondary.main' }}>
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
