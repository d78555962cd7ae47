import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { checkGiftLink, checkReason, type ReasonKind } from '../reason';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does, in one or two sentences. */
  description: ReactNode;
  /** An irreversible action's warning, shown as an alert above the reason. */
  warning?: string;
  confirmLabel: string;
  /** Deregister and reject are destructive: the confirm button is red. */
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal, already translated. */
  error?: string | null;
  /** `hostExplanation`: the host reads it too (one line, up to 300 characters). */
  reasonKind?: ReasonKind;
  /** Approving a gift request also asks for the gift link. */
  withLink?: boolean;
  onConfirm: (reason: string, link?: string) => void;
  onClose: () => void;
}

/**
 * Every admin decision asks why (3–500 characters, the shared rule): the reason goes to the audit log. The
 * message shows once the admin has tried to confirm, then follows the typing.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return props.open ? <OpenReasonDialog {...props} /> : null;
}

function OpenReasonDialog({ title, description, warning, confirmLabel, destructive, pending, error, reasonKind = 'audit', withLink, onConfirm, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [link, setLink] = useState('');
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const problem = tried ? translateMessage(t, checkReason(reason, reasonKind)) : undefined;
  const linkProblem = tried && withLink ? translateMessage(t, checkGiftLink(link)) : undefined;

  const confirm = () => {
    setTried(true);
    if (checkReason(reason, reasonKind) || (withLink && checkGiftLink(link))) return;
    onConfirm(reason.trim(), withLink ? link.trim() : undefined);
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="reason-dialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" sx={{ mb: 2 }}>
          {description}
        </DialogContentText>
        {warning ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="reason-warning">
            {warning}
          </Alert>
        ) : null}
        {withLink ? (
          <TextField
            value={link}
            onChange={(event) => setLink(event.target.value)}
            label={t('admin.gifts.link')}
            helperText={linkProblem ?? t('admin.gifts.linkHint')}
            error={Boolean(linkProblem)}
            type="url"
            fullWidth
            required
            autoFocus
            sx={{ mb: 2 }}
            inputProps={{ maxLength: 500, dir: 'ltr', 'data-testid': 'gift-link-input' }}
          />
        ) : null}
        <TextField
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          label={t('admin.reason.label')}
          helperText={
            problem ? (
              <>
                {problem}
                <br />
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t(reasonKind === 'audit' ? 'admin.reason.hint' : 'admin.reason.hostHint')}
                </Box>
              </>
            ) : (
              t(reasonKind === 'audit' ? 'admin.reason.hint' : 'admin.reason.hostHint')
            )
          }
          error={Boolean(problem)}
          multiline={reasonKind === 'audit'}
          minRows={reasonKind === 'audit' ? 3 : undefined}
          fullWidth
          required
          autoFocus={!withLink}
          inputProps={{ maxLength: reasonKind === 'audit' ? 600 : 400, dir: reason ? 'auto' : undefined, 'data-testid': 'reason-input' }}
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="reason-error">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('admin.cancel')}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={confirm} disabled={pending} data-testid="reason-confirm">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
