import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../contract/api';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import type { ConsentVersion } from '../../../contract/consentVersion';
import type { PigmentInput } from '../../../contract/serviceRecord';
import { api, http, type ApiError } from '../../providers/http';

/** The service record calls as react-query hooks; every key starts with RECORDS_KEY, so a change refreshes every view of a record. */
const RECORDS_KEY = ['service-records'] as const;
export const RECORDS_PATH = `${API.resourceBase}/service-records`;

export const photoUrl = (recordId: number, photoId: number) => `${RECORDS_PATH}/${recordId}/photos/${photoId}`;
export const signatureUrl = (recordId: number) => `${RECORDS_PATH}/${recordId}/signature`;

/** GET service-records?customerId= or ?appointmentId=: a customer's timeline or a visit's record. */
export function useServiceRecords(by: { customerId: number } | { appointmentId: number }, enabled = true) {
  return useQuery({
    queryKey: [...RECORDS_KEY, 'list', by],
    queryFn: () => api.get<ServiceRecord[]>(RECORDS_PATH, by),
    enabled,
    retry: false,
  });
}

export function useServiceRecord(id: number | null) {
  return useQuery({
    queryKey: [...RECORDS_KEY, 'one', id],
    queryFn: () => api.get<ServiceRecord>(`${RECORDS_PATH}/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** The shop's recent pigments to pick from. */
export function useRecentPigments() {
  return useQuery({
    queryKey: [...RECORDS_KEY, 'recent-pigments'],
    queryFn: () => api.get<Omit<PigmentInput, 'amount'>[]>(`${RECORDS_PATH}/recent-pigments`),
    retry: false,
  });
}

/** The version of a program type's consent a visit is signed with now. */
export function useCurrentConsent(programType: number) {
  return useQuery({
    queryKey: ['consent-versions', 'current', programType],
    queryFn: async () =>
      (
        await api.get<ConsentVersion[]>(`${API.resourceBase}/consent-versions`, {
          programType,
          _start: 0,
          _end: 1,
          _sort: 'version',
          _order: 'desc',
        })
      )[0] ?? null,
    retry: false,
  });
}

/** A write under service-records/:id (PATCH, POST, DELETE): the record as it now stands. */
export async function changeRecord(
  method: 'patch' | 'post' | 'delete',
  recordId: number,
  path = '',
  body?: unknown,
): Promise<ServiceRecord> {
  return (await http.request<ServiceRecord>({ method, url: `${RECORDS_PATH}/${recordId}${path}`, data: body })).data;
}

/** A call that changes a record and answers it; every view of records is refreshed after it. */
export function useRecordCall<V>(call: (v: V) => Promise<ServiceRecord>) {
  const client = useQueryClient();
  return useMutation<ServiceRecord, ApiError, V>({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: RECORDS_KEY }),
  });
}

/** A private image (photo, signature) as an object URL: the route wants the session's token, which an <img> cannot send. */
export function usePrivateImage(url: string) {
  return useQuery({
    queryKey: ['private-image', url],
    queryFn: async () => URL.createObjectURL((await http.get<Blob>(url, { responseType: 'blob' })).data),
    // Every view is audited on the server: fetched once per mount, never refetched behind the user's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
