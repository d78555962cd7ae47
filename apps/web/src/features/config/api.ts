import { API, type PublicConfig } from '@magiim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

/** Deployment settings the SPA needs before sign-in: Google client id, support e-mail, dev mailbox. */
export const useConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest<PublicConfig>(API.config, { signal, withToken: false }),
    staleTime: Infinity,
  });
