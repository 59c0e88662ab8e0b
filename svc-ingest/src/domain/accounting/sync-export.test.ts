import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderSyncExport, type TSyncExport } from './sync-export.js';

const exportOf = (name: string): TSyncExport => ({
  runId: 7,
  trigger: 'manual',
  startedAt: '2026-11-24T10:00:00.000Z',
  xeroOrganisation: 'Demo & Co',
  contacts: [
    {
      ContactID: 'c-1',
      Name: name,
      Website: null,
      EmailAddress: null,
      FirstName: null,
      LastName: null,
      Outcome: 'created',
      Error: null,
    },
  ],
});

describe('renderSyncExport', () => {
  it('writes well-formed XML: markup escaped, characters XML 1.0 cannot carry dropped', () => {
    const { body, contentType, fileName } = renderSyncExport(exportOf('A\u0001 <b>&</b>\uD800'), 'xml');
    expect(contentType).toBe('application/xml; charset=utf-8');
    expect(fileName).toBe('xero-sync-7-2026-11-24.xml');
    expect(XMLValidator.validate(body)).toBe(true);
    expect(body).toContain('<Name>A &lt;b&gt;&amp;&lt;/b&gt;</Name>');
    expect(body).toContain('XeroOrganisation="Demo &amp; Co"');
    const parsed = new XMLParser().parse(body);
    expect(parsed.SyncExport.Contacts.Contact.Name).toBe('A <b>&</b>');
  });

  it('writes CSV through the formula-safe cell escaping', () => {
    const { body } = renderSyncExport(exportOf('@SUM(A1)'), 'csv');
    expect(body.split('\r\n')[1]).toBe(`"c-1","'@SUM(A1)","","","","","created",""`);
  });

  it('writes JSON as stored', () => {
    const { body, contentType } = renderSyncExport(exportOf('Acme'), 'json');
    expect(contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual(exportOf('Acme'));
  });
});
