import { EntitySchema } from '@mikro-orm/core';

/**
 * The template licence of one purchase (issue 20, item 8): issued when the $50 purchase is recorded for its
 * buyer, signed by billing (licence-key.ts). Its dates decide which template versions the buyer may download.
 */
export interface LicenceRecord {
  /** The purchase: its checkout session id. */
  purchaseId: string;
  userId: number;
  buyerEmail: string | null;
  product: string;
  issuedAt: Date;
  /** Issued date + 6 months: versions released until then are the buyer's. */
  updatesUntil: Date;
  /** The signed licence key the buyer sees on the dashboard and in the receipt email. */
  licenceKey: string;
}

export const LicenceSchema = new EntitySchema<LicenceRecord>({
  name: 'LicenceRecord',
  tableName: 'licences',
  indexes: [{ name: 'licences_user_id_idx', properties: ['userId'] }],
  properties: {
    purchaseId: { type: 'text', primary: true },
    userId: { type: 'integer' },
    buyerEmail: { type: 'text', nullable: true },
    product: { type: 'text' },
    issuedAt: { type: 'Date', columnType: 'timestamptz' },
    updatesUntil: { type: 'Date', columnType: 'timestamptz' },
    licenceKey: { type: 'text' },
  },
});
