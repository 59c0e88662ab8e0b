import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@dealflow/web-kit';
import { changeCachedDeals, dealsListKey, patchDeal, type TDealChange } from '../lib/deals-api.js';

/**
 * A change to a deal (stage, owner, next step...), shown at once in every cached list and rolled back when
 * the server refuses it (its message in a toast); the deal's timeline is read again after either.
 */
export function useDealChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, change }: { dealId: string; change: TDealChange }) => patchDeal(dealId, change),
    onMutate: async ({ dealId, change }) => {
      await queryClient.cancelQueries({ queryKey: dealsListKey() });
      return { rollback: changeCachedDeals(queryClient, dealId, change) };
    },
    onError: (error, _input, context) => {
      context?.rollback();
      toast({
        title: 'The deal was not changed',
        description: error instanceof Error ? error.message : 'Try again.',
        variant: 'error',
      });
    },
    onSettled: (_data, _error, { dealId }) => {
      void queryClient.invalidateQueries({ queryKey: dealsListKey() });
      void queryClient.invalidateQueries({
        queryKey: ['crm', 'dealTimeline', { params: { id: Number(dealId) } }],
      });
    },
  });
}
