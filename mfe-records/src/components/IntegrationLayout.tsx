import { makeStyles, tokens } from '@fluentui/react-components';

export const useIntegrationStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '12px', flexWrap: 'wrap' },
  form: { display: 'flex', flexDirection: 'column', gap: '14px', maxWidth: '560px', paddingTop: '16px' },
  row: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '200px' },
  buttons: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '8px' },
  status: { display: 'flex', alignItems: 'center', gap: '8px' },
  address: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    fontFamily: tokens.fontFamilyMonospace,
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  sectionTitle: {
    margin: '0 0 4px',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  center: { display: 'flex', justifyContent: 'center', padding: '32px' },
});
