import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  MEETING_EVENT,
  type MeetingDeclineInput,
  type MeetingListFilter,
  type MeetingProposalInput,
  type MeetingRequestInput,
  type MeetingRequestView,
  type MeetingTimeInput,
  type MeetingUpdateEvent,
  type MyMeetings,
} from '../../../common/contracts/meetings';
import { api } from '../../app/api';
import { downloadFile } from '../../app/download';
import { useSession } from '../../app/session';
import { onSocketEvent } from '../../app/socket';
import { toast } from '../../app/toast';
import { t } from './i18n';

export const meetingKeys = {
  all: ['meetings'] as const,
  mine: (courseId: string) => ['meetings', 'mine', courseId] as const,
  received: (filter: MeetingListFilter) => ['meetings', 'received', filter] as const,
};

/** The learner's requests for a course, and whether they may ask its teacher now. */
export function useMyMeetings(courseId: string, enabled = true) {
  return useQuery({
    queryKey: meetingKeys.mine(courseId),
    queryFn: () => api<MyMeetings>('/meetings/mine', { query: { courseId } }),
    enabled,
  });
}

/** Requests to the teacher's side (their courses; an institute's teachers' too). */
export function useReceivedMeetings(filter: MeetingListFilter) {
  return useQuery({
    queryKey: meetingKeys.received(filter),
    queryFn: async () =>
      (await api<{ requests: MeetingRequestView[] }>('/meetings/received', { query: { status: filter } }))
        .requests,
  });
}

/** Every meeting mutation refreshes every meeting list (the other side's is refreshed by the live event). */
function useMeetingMutation<T>(call: (input: T) => Promise<MeetingRequestView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

export const useRequestMeeting = () =>
  useMeetingMutation((input: MeetingRequestInput) =>
    api<MeetingRequestView>('/meetings', { method: 'POST', body: input }),
  );

export type TeacherAnswer =
  | { kind: 'accept'; id: string; body: MeetingTimeInput }
  | { kind: 'propose'; id: string; body: MeetingProposalInput }
  | { kind: 'decline'; id: string; body: MeetingDeclineInput };

export const useAnswerMeeting = () =>
  useMeetingMutation(({ kind, id, body }: TeacherAnswer) =>
    api<MeetingRequestView>(`/meetings/${id}/${kind}`, { method: 'POST', body }),
  );

export const useLearnerStep = () =>
  useMeetingMutation(({ kind, id }: { kind: 'confirm' | 'cancel'; id: string }) =>
    api<MeetingRequestView>(`/meetings/${id}/${kind}`, { method: 'POST' }),
  );

/** Saves an accepted meeting's calendar file (.ics) through the authorized client. */
export async function downloadCalendar(meeting: MeetingRequestView): Promise<void> {
  try {
    await downloadFile(
      `/meetings/${meeting.id}/calendar.ics`,
      'gurukul-meeting.ics',
      t('meetings.downloadFailed'),
    );
  } catch (error) {
    toast('danger', (error as Error).message);
  }
}

/**
 * Live `meeting-update` events: every meeting list is refreshed, and a change the other side made is
 * announced with a toast (one's own changes already said so where they were made).
 */
export function useMeetingEvents() {
  const queryClient = useQueryClient();
  const userId = useSession()?.userId;
  useEffect(
    () =>
      onSocketEvent(MEETING_EVENT, (payload) => {
        const event = payload as MeetingUpdateEvent;
        if (!event?.request) return;
        void queryClient.invalidateQueries({ queryKey: meetingKeys.all });
        if (event.byUserId !== userId) toast('info', event.message);
      }),
    [queryClient, userId],
  );
}
