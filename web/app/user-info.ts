import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '../../common/contracts/auth';
import type { LogoPaths, UpdateUserInfoInput } from '../../common/contracts/profile';
import { api } from './api';
import { writeSession } from './storage';

export const logoPathQuery = (userId: string, version: 'tiny' | 'medium' = 'tiny') =>
  queryOptions({
    queryKey: ['logo-path', userId, version],
    queryFn: () => api<LogoPaths>('/common/user-info/logo-path', { query: { userId, version } }),
    staleTime: 10 * 60_000,
  });

/** The pictures at `version`: tiny for a profile image in the menu, medium for a brand logo (SPEC §7). */
export function useLogoPaths(userId: string | undefined, version: 'tiny' | 'medium' = 'tiny') {
  return useQuery({ ...logoPathQuery(userId ?? '', version), enabled: Boolean(userId) });
}

type AccountAnswer = Omit<SessionAnswer, 'jwtToken' | 'impersonatedBy'>;

/** Saves profile fields (and the dark-mode flag) with PUT /api/common/user-info/{userId}. */
export function useUpdateUserInfo(userId: string) {
  return useMutation({
    mutationFn: (input: UpdateUserInfoInput) =>
      api<AccountAnswer>(`/common/user-info/${userId}`, { method: 'PUT', body: input }),
    onSuccess: (answer) =>
      writeSession({ ...answer, impersonatedBy: localStorage.getItem('impersonatedBy') }),
  });
}

export function useInvalidateLogo(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['logo-path', userId] });
}
