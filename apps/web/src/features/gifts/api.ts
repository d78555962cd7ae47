import { API, giftAccountSchema, type GiftAccountDto, type GiftRegistration } from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

export const giftKeys = {
  account: (eventId: string) => ['gifts', eventId] as const,
};

/** While the registration is under review the answer is asked again now and then, so approval shows by itself. */
export const useGiftAccount = (eventId: string) =>
  useQuery({
    queryKey: giftKeys.account(eventId),
    queryFn: ({ signal }) => apiRequest<GiftAccountDto>(API.gifts.get(eventId), { signal, schema: giftAccountSchema }),
    refetchInterval: (query) => (query.state.data?.status === 'REGISTERED' ? 3000 : false),
  });

export const useRegisterGiftAccount = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftRegistration) =>
      apiRequest<GiftAccountDto>(API.gifts.register(eventId), { method: 'POST', body, schema: giftAccountSchema }),
    onSuccess: (data) => queryClient.setQueryData(giftKeys.account(eventId), data),
  });
};
