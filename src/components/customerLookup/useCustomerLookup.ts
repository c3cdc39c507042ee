import { useQuery } from '@tanstack/react-query';
import { API } from '../../../contract/api';
import { CUSTOMER_LOOKUP_PATH, type CustomerCard } from '../../../contract/customer';
import { PHONE_RE } from '../../../contract/validation';
import { api, type ApiError } from '../../providers/http';

/**
 * A chain customer of any shop, found by the full phone typed at the counter (GET customers/lookup):
 * asked only when `enabled` (this shop's search found nobody) and the text is a whole phone number.
 * null when nobody has that phone; a refusal (too many lookups) is the query's error, shown by the caller.
 */
export function useCustomerLookup(text: string, enabled: boolean) {
  const phone = text.trim();
  return useQuery<CustomerCard | null, ApiError>({
    queryKey: ['customer-lookup', phone],
    enabled: enabled && PHONE_RE.test(phone),
    retry: false,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        // silent: "not found" is an answer here, not a failure to toast.
        return await api.get<CustomerCard>(`${API.resourceBase}/${CUSTOMER_LOOKUP_PATH}`, { phone }, { silent: true });
      } catch (e) {
        if ((e as ApiError).statusCode === 404) return null;
        throw e;
      }
    },
  });
}
