import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A popup tied to the URL hash (spec §2: one hash segment per open popup): the back button closes it, and a
 * shared or reloaded address opens it again.
 */
export const useHashDialog = (name: string) => {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const segments = hash.replace(/^#/, '').split('/').filter(Boolean);
  const open = segments.includes(name);
  const show = useCallback(() => {
    if (!open) void navigate({ pathname, search, hash: [...segments, name].join('/') });
  }, [open, navigate, pathname, search, segments, name]);
  const close = useCallback(() => {
    if (open) void navigate({ pathname, search, hash: segments.filter((segment) => segment !== name).join('/') }, { replace: true });
  }, [open, navigate, pathname, search, segments, name]);
  return { open, show, close };
};
