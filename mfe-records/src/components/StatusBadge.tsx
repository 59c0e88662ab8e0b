import { Badge } from '@fluentui/react-components';
import { getStatusBadge } from '../lib/records-format.js';

export function StatusBadge({ status }: { status: string }) {
  const { label, color } = getStatusBadge(status);
  return (
    <Badge appearance="tint" color={color} shape="rounded">
      {label}
    </Badge>
  );
}
