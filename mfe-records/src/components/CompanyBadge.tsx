import { makeStyles, tokens } from '@fluentui/react-components';
import { getCompanyBadgeColor, getCompanyInitials } from '../lib/records-format.js';

const useStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** The company's initials on one of five colours picked by its name (seed 001 section 9). */
export function CompanyBadge({ name }: { name: string }) {
  const styles = useStyles();
  const color = getCompanyBadgeColor(name);
  return (
    <span
      className={styles.badge}
      style={{ backgroundColor: color.background, color: color.foreground }}
      data-color={color.name}
      aria-hidden="true"
    >
      {getCompanyInitials(name)}
    </span>
  );
}
