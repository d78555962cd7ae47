import { showToast } from '../../components/toast-store';

/** The clipboard API, else a hidden textarea and `execCommand` (older WebViews, plain http). */
const writeToClipboard = async (text: string): Promise<void> => {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
};

/** Copies a link and says so in a toast (or says how to copy by hand). */
export const copyLink = async (url: string): Promise<void> => {
  try {
    await writeToClipboard(url);
    showToast('invitations.links.copied', 'success');
  } catch {
    showToast('invitations.links.copyFailed', 'error');
  }
};
