import { makeStyles, tokens } from '@fluentui/react-components';

// The settings card itself is web-kit's <SettingsSection> (`@dealflow/web-kit/settings`); these are the layouts
// of the forms inside it.
export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '480px' },
  actions: { display: 'flex', gap: '8px' },
  center: { display: 'flex', justifyContent: 'center', padding: '24px 0' },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
});
