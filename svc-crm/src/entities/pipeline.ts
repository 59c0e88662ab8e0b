import { EntitySchema } from '@mikro-orm/core';
import { updatedAtColumn } from '@dealflow/service-kit';

export type TStageOutcome = 'open' | 'invested' | 'passed';

/** An organization's pipeline when an owner has edited it (absent: the default stages and pass reasons). */
export class Pipeline {
  orgId!: number;
  stages!: { name: string; outcome: TStageOutcome }[];
  passReasons!: string[];
  updatedAt!: Date;
}

export const PipelineSchema = new EntitySchema<Pipeline>({
  class: Pipeline,
  tableName: 'crm_pipeline',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false },
    stages: { type: 'json' },
    passReasons: { type: 'json' },
    updatedAt: updatedAtColumn,
  },
});
