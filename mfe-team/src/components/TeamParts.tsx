// Small parts of /team-members: the role badge. (A query's loading / error state is web-kit's <QueryState>.)
import { Badge } from '@fluentui/react-components';
import type { TRole } from '@dealflow/contracts';
import { roleLabel } from '../lib/format.js';

export function RoleBadge({ role }: { role: TRole }) {
  return (
    <Badge
      appearance={role === 'owner' ? 'filled' : 'tint'}
      color={role === 'owner' ? 'brand' : 'informative'}
    >
      {roleLabel(role)}
    </Badge>
  );
}
