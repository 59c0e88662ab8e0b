import { makeStyles } from '@fluentui/react-components';
import { PageHeading, RemoteComponent, toast, Button } from '@dealflow/web-kit';
import { CheckoutButton } from '../components/CheckoutButton';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginBottom: '24px' },
  section: { marginTop: '24px' },
});

/** Seed 001 section 2: buttons for each toast type, and the purchase button's checkout redirect. */
export default function ToastTestPage() {
  const styles = useStyles();
  return (
    <>
      <PageHeading description="Show each kind of notification.">Toast Test</PageHeading>
      <div className={styles.row}>
        <Button
          onClick={() => toast({ title: 'Default toast', description: 'This is a default notification.' })}
        >
          Default
        </Button>
        <Button
          onClick={() =>
            toast({ title: 'Success', description: 'The operation completed.', variant: 'success' })
          }
        >
          Success
        </Button>
        <Button
          onClick={() => toast({ title: 'Error', description: 'Something went wrong.', variant: 'error' })}
        >
          Error
        </Button>
        <Button
          onClick={() => {
            const handle = toast({ title: 'Loading', description: 'Working on it...', variant: 'loading' });
            setTimeout(
              () => handle.update({ title: 'Done', description: 'Finished loading.', variant: 'success' }),
              3000,
            );
          }}
        >
          Loading
        </Button>
        <Button appearance="subtle" onClick={() => toast.dismiss()}>
          Dismiss all
        </Button>
      </div>
      <section className={styles.section} aria-labelledby="purchase-heading">
        <h2 id="purchase-heading">Purchase button</h2>
        <RemoteComponent
          id="mfe_billing/PurchaseButton"
          props={{ label: 'Purchase Now' }}
          fallback={<CheckoutButton label="Purchase Now" />}
        />
      </section>
    </>
  );
}
