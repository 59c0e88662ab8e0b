import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Tab,
  TabList,
  makeStyles,
} from '@fluentui/react-components';
import { PageHeading, useAuth } from '@dealflow/web-kit';
import { DealDrawer } from '../components/deals/DealDrawer.js';
import { DealsBoard } from '../components/deals/DealsBoard.js';
import { DealsTable } from '../components/deals/DealsTable.js';
import { ReplyTemplatesDialog } from '../components/deals/ReplyTemplatesDialog.js';
import { useDealChange } from '../hooks/use-deal-change.js';
import { dealsQueries, type TOwnerFilter } from '../lib/deals-api.js';

export const DealsTexts = {
  title: 'Deals',
  description: 'The pipeline of the built-in CRM: move deals between stages, assign them, comment and rate',
  empty: 'No deals yet. A deal is created when a pitch deck is processed.',
  emptyMine: 'No deals are assigned to you. Open a deal and choose "Assign to me".',
  error: 'The deals could not be loaded',
} as const;

const useStyles = makeStyles({
  bar: { display: 'flex', gap: '16px', flexWrap: 'wrap', alignItems: 'center', marginBottom: '12px' },
});

/** /deals: the board (drag and drop, keyboard too) or the table, all deals or "My deals", and a deal's panel. */
export default function DealsPage() {
  const styles = useStyles();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'board';
  const owner: TOwnerFilter = params.get('owner') === 'me' ? 'me' : 'all';
  const openId = params.get('deal');
  const set = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name !== 'deal' },
    );

  const pipeline = useQuery(dealsQueries.pipeline());
  const deals = useQuery(dealsQueries.deals(owner));
  const members = useQuery(dealsQueries.members());
  const change = useDealChange();
  const memberList = useMemo(
    () => (members.data ?? []).map((m) => ({ id: m.id, name: m.name })),
    [members.data],
  );
  const memberNames = useMemo(() => new Map(memberList.map((m) => [String(m.id), m.name])), [memberList]);
  const stages = useMemo(() => (pipeline.data?.stages ?? []).map((s) => s.name), [pipeline.data]);
  const openDeal = deals.data?.deals.find((d) => d.id === openId) ?? null;

  let content;
  if (pipeline.isPending || deals.isPending) content = <Spinner label="Loading deals..." />;
  else if (pipeline.isError || deals.isError)
    content = (
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>{DealsTexts.error}</MessageBarTitle>
          {(pipeline.error ?? deals.error)?.message}
        </MessageBarBody>
      </MessageBar>
    );
  else if (deals.data.deals.length === 0)
    content = (
      <MessageBar intent="info">
        <MessageBarBody>{owner === 'me' ? DealsTexts.emptyMine : DealsTexts.empty}</MessageBarBody>
      </MessageBar>
    );
  else if (view === 'board')
    content = (
      <DealsBoard
        stages={stages}
        deals={deals.data.deals}
        memberNames={memberNames}
        onMove={(dealId, stage) => change.mutate({ dealId, change: { stage } })}
        onOpen={(id) => set('deal', id)}
      />
    );
  else
    content = (
      <DealsTable
        stages={stages}
        deals={deals.data.deals}
        memberNames={memberNames}
        onOpen={(id) => set('deal', id)}
      />
    );

  return (
    <>
      <PageHeading description={DealsTexts.description}>{DealsTexts.title}</PageHeading>
      <div className={styles.bar}>
        <TabList
          selectedValue={view}
          onTabSelect={(_, d) => set('view', d.value === 'table' ? 'table' : null)}
        >
          <Tab value="board">Board</Tab>
          <Tab value="table">Table</Tab>
        </TabList>
        <TabList
          aria-label="Whose deals"
          selectedValue={owner}
          onTabSelect={(_, d) => set('owner', d.value === 'me' ? 'me' : null)}
        >
          <Tab value="all">All deals</Tab>
          <Tab value="me">My deals</Tab>
        </TabList>
        {user?.role === 'owner' && <ReplyTemplatesDialog />}
      </div>
      {content}
      {openDeal && pipeline.data && (
        <DealDrawer
          key={openDeal.id}
          deal={openDeal}
          pipeline={pipeline.data}
          members={memberList}
          onClose={() => set('deal', null)}
        />
      )}
    </>
  );
}
