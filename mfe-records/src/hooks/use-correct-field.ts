// A correction of one extracted field: sent to svc-ingest (which tells the CRM), then the lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { toast } from '@dealflow/web-kit';
import { errorText, type TCorrection, type TEmailRecord } from '../lib/records-api.js';

export const CorrectionToasts = {
  saved: { title: 'Field Corrected', description: 'The correction is saved and sent to the CRM deal.' },
} as const;

export function useCorrectField(recordId: number, onSaved: (record: TEmailRecord) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: TCorrection) =>
      api.ingest.correctField({ params: { id: recordId }, body: correction }),
    onSuccess: (record) => {
      onSaved(record);
      toast({ ...CorrectionToasts.saved, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: api.ingest.listEmails.key() });
    },
  });
}

export const correctionErrorText = (error: unknown) =>
  errorText(error, 'The correction could not be saved. Please try again.');
