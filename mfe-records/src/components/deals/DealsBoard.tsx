import { useMemo, useRef } from 'react';
import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import { groupByStage, type TPipelineDeal } from '../../lib/deals-api.js';

export const BoardTexts = {
  moveLabel: (company: string) => `Move ${company}`,
  instructions:
    'To move a deal, focus its handle and press Space. Use the left and right arrow keys to choose a stage, Space again to drop it there, Escape to cancel.',
  emptyColumn: 'No deals',
} as const;

const useStyles = makeStyles({
  board: { display: 'flex', gap: '12px', overflowX: 'auto', paddingBottom: '8px', alignItems: 'flex-start' },
  column: {
    flex: '0 0 240px',
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    minHeight: '120px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  over: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  heading: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    margin: 0,
    fontSize: '14px',
  },
  card: {
    display: 'flex',
    gap: '4px',
    alignItems: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
  },
  handle: {
    border: 'none',
    background: 'none',
    cursor: 'grab',
    padding: '2px',
    color: tokens.colorNeutralForeground2,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  open: {
    border: 'none',
    background: 'none',
    padding: 0,
    textAlign: 'left',
    cursor: 'pointer',
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { textDecoration: 'underline' },
  },
  meta: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
});

function DealCard(props: { deal: TPipelineDeal; ownerName: string | null; onOpen: (id: string) => void }) {
  const { deal } = props;
  const styles = useStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: deal.id,
    data: { stage: deal.stage },
  });
  return (
    <li
      ref={setNodeRef}
      className={styles.card}
      style={{
        transform: CSS.Translate.toString(transform),
        opacity: isDragging ? 0.6 : 1,
        listStyle: 'none',
      }}
      data-testid={`deal-card-${deal.id}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={BoardTexts.moveLabel(deal.companyName)}
      >
        <ReOrderDotsVertical20Regular />
      </button>
      <div className={styles.meta}>
        <button type="button" className={styles.open} onClick={() => props.onOpen(deal.id)}>
          {deal.companyName}
        </button>
        {(deal.round || deal.amount) && (
          <Caption1>{[deal.round, deal.amount].filter(Boolean).join(' · ')}</Caption1>
        )}
        {props.ownerName && <Caption1>Owner: {props.ownerName}</Caption1>}
        {deal.nextStep && (
          <Caption1>
            Next: {deal.nextStep}
            {deal.nextStepDate ? ` (${deal.nextStepDate})` : ''}
          </Caption1>
        )}
      </div>
    </li>
  );
}

function StageColumn(props: { stage: string; children: React.ReactNode; count: number }) {
  const styles = useStyles();
  const { setNodeRef, isOver } = useDroppable({ id: `stage:${props.stage}`, data: { stage: props.stage } });
  const headingId = `stage-${props.stage.replace(/\W+/g, '-')}`;
  return (
    <section
      ref={setNodeRef}
      className={`${styles.column} ${isOver ? styles.over : ''}`}
      aria-labelledby={headingId}
      data-testid={`stage-${props.stage}`}
    >
      <h2 id={headingId} className={styles.heading}>
        <Text weight="semibold">{props.stage}</Text>
        <Badge appearance="tint" aria-label={`${props.count} deals`}>
          {props.count}
        </Badge>
      </h2>
      {props.count === 0 ? (
        <Caption1>{BoardTexts.emptyColumn}</Caption1>
      ) : (
        <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' }}>
          {props.children}
        </ul>
      )}
    </section>
  );
}

/**
 * The pipeline as columns; a deal is dragged to another stage with the pointer or, through dnd-kit's
 * KeyboardSensor, with Space, the left/right arrows (one stage each) and Space to drop. The keyboard's target
 * stage is kept here, not found from the layout, so a move lands on the stage the arrows chose.
 */
export function DealsBoard(props: {
  stages: string[];
  deals: TPipelineDeal[];
  memberNames: Map<string, string>;
  onMove: (dealId: string, stage: string) => void;
  onOpen: (dealId: string) => void;
}) {
  const styles = useStyles();
  const { stages, onMove } = props;
  const columns = useMemo(() => groupByStage(props.deals, stages), [props.deals, stages]);
  const keyboardTarget = useRef<number | null>(null);

  const coordinateGetter: KeyboardCoordinateGetter = (event, { active, currentCoordinates }) => {
    const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
    if (!step) return undefined;
    event.preventDefault();
    const from = keyboardTarget.current ?? Math.max(0, stages.indexOf(findStage(active) ?? ''));
    keyboardTarget.current = Math.min(stages.length - 1, Math.max(0, from + step));
    return { x: currentCoordinates.x + step * 240, y: currentCoordinates.y };
  };
  const findStage = (id: string | number) => props.deals.find((d) => d.id === String(id))?.stage ?? stages[0];

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const collisionDetection: CollisionDetection = (args) => {
    if (keyboardTarget.current !== null) {
      const id = `stage:${stages[keyboardTarget.current]}`;
      const container = args.droppableContainers.find((c) => c.id === id);
      return container ? [{ id, data: { droppableContainer: container, value: 0 } }] : [];
    }
    return pointerWithin(args);
  };
  const stageOf = (overId: string | number | undefined) =>
    overId === undefined ? undefined : String(overId).replace(/^stage:/, '');
  const company = (id: string | number) =>
    props.deals.find((d) => d.id === String(id))?.companyName ?? 'deal';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${company(active.id)}, in ${findStage(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${company(active.id)} is over ${stageOf(over.id)}.` : `${company(active.id)} is over no stage.`,
    onDragEnd: ({ active, over }) =>
      over ? `${company(active.id)} moved to ${stageOf(over.id)}.` : `${company(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${company(active.id)} was cancelled.`,
  };

  const end = (event: DragEndEvent) => {
    // A keyboard move lands on the stage the arrows chose, even when the sensor scrolled the board instead
    // of moving the deal over that column (the browser's layout decides; the keys do not).
    const keyed = keyboardTarget.current;
    keyboardTarget.current = null;
    const stage = keyed !== null ? stages[keyed] : stageOf(event.over?.id);
    const dealId = String(event.active.id);
    if (stage && stage !== findStage(dealId)) onMove(dealId, stage);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={() => {
        keyboardTarget.current = null;
      }}
      onDragEnd={end}
      onDragCancel={() => {
        keyboardTarget.current = null;
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: BoardTexts.instructions } }}
    >
      <div className={styles.board} role="region" aria-label="Pipeline board">
        {stages.map((stage) => {
          const deals = columns.get(stage) ?? [];
          return (
            <StageColumn key={stage} stage={stage} count={deals.length}>
              {deals.map((deal) => (
                <DealCard
                  key={deal.id}
                  deal={deal}
                  ownerName={deal.ownerId ? (props.memberNames.get(deal.ownerId) ?? null) : null}
                  onOpen={props.onOpen}
                />
              ))}
            </StageColumn>
          );
        })}
      </div>
    </DndContext>
  );
}
