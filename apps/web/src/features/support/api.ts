import { API, okResponseSchema, type SupportContactInput } from '@magiim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (body: SupportContactInput) => apiRequest(API.support.contact, { method: 'POST', body, schema: okResponseSchema }),
  });
