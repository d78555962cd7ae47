import { API, okResponseSchema, profileResponseSchema, type UserData } from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { writeUserData } from '../../app/session';

const ME_KEY = ['user', 'me'] as const;

/** The stored copy of the user follows every fresh answer from the server. */
const keepUserData = (userData: UserData): UserData => {
  writeUserData(userData);
  return userData;
};

export const useMe = () =>
  useQuery({
    queryKey: ME_KEY,
    queryFn: async ({ signal }) =>
      keepUserData((await apiRequest(API.user.me, { schema: profileResponseSchema, signal })).userData),
  });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { fullName: string; email: string }) =>
      keepUserData((await apiRequest(API.user.profile, { method: 'PUT', body, schema: profileResponseSchema })).userData),
    onSuccess: (userData) => queryClient.setQueryData(ME_KEY, userData),
  });
};

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiRequest(API.user.password, { method: 'PUT', body, schema: okResponseSchema }),
  });
