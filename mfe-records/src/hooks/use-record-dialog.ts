// Which dialog the Processed Records page shows: a record's extracted data or analysis, or a CRM deal (opened
// from a row, or from the built-in CRM's link /processed-emails?deal=<id>).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { toast } from '@dealflow/web-kit';
import { type TDeal, type TEmailRecord } from '../lib/records-api.js';
import { RecordToasts } from './use-processed-records.js';

export type TRecordDialog =
  | { kind: 'extracted'; record: TEmailRecord }
  | { kind: 'deal'; deal: TDeal }
  | { kind: 'analysis'; record: TEmailRecord }
  | null;

export function useRecordDialog() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<TRecordDialog>(null);

  const openDeal = useMutation({
    mutationFn: (record: TEmailRecord) => api.crm.getDeal({ params: { id: record.id } }),
    onSuccess: (deal) => {
      setDialog({ kind: 'deal', deal });
      toast({ ...RecordToasts.opened, description: deal.companyName, variant: 'success' });
    },
    onError: () => toast({ ...RecordToasts.openFailed, variant: 'error' }),
  });

  // The built-in CRM's deal link: /processed-emails?deal=<id> opens that deal.
  const dealParam = searchParams.get('deal');
  useEffect(() => {
    if (!dealParam) return;
    let cancelled = false;
    api.crm
      .getDealById({ params: { id: dealParam } })
      .then((deal) => {
        if (!cancelled) setDialog({ kind: 'deal', deal });
      })
      .catch(() => {
        if (!cancelled) toast({ ...RecordToasts.openFailed, variant: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [dealParam]);

  const closeDialog = () => {
    if (dialog?.kind === 'deal' && dealParam) {
      const next = new URLSearchParams(searchParams);
      next.delete('deal');
      setSearchParams(next, { replace: true });
    }
    setDialog(null);
  };

  return { dialog, setDialog, openDeal, closeDialog };
}
