// Integration 1's server state: the organization's mailbox status.
import { useQuery } from '@tanstack/react-query';
import { MAILBOX_KEY, getMailbox } from '../lib/records-api.js';

export const useMailbox = () => useQuery({ queryKey: MAILBOX_KEY, queryFn: getMailbox });
