import { API, publicConfigSchema } from '@magiim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

/** Deployment settings the SPA needs before sign-in: Google client id, support e-mail, dev mailbox. */
export const useConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest(API.config, { schema: publicConfigSchema, signal, withToken: false }),
    staleTime: Infinity,
  });
