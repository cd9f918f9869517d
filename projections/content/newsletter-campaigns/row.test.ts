/** The campaign row fold keeps the projection's guards: a second draft inserts nothing, an older event moves nothing. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { campaignRowFrom } from './row';

const ID = '00000000-0000-4000-8000-000000000001';
const drafted = (v: number, subject: string, at: string) =>
  ({ type: 'NewsletterCampaignDrafted', stream_version: v, data: { campaign_id: ID, subject, body: 'b', by: 'ann', at } });
const edited = (v: number, subject: string, at: string) =>
  ({ type: 'NewsletterCampaignEdited', stream_version: v, data: { campaign_id: ID, subject, body: 'b2', by: 'bob', at } });
const sent = (v: number) =>
  ({ type: 'NewsletterCampaignSent', stream_version: v, data: { campaign_id: ID, recipients_count: 3, by: 'cy', sent_at: '2026-01-03T00:00:00.000Z' } });

test('no draft, no row', () => {
  assert.is(campaignRowFrom([]), null);
  assert.is(campaignRowFrom([edited(1, 'x', '2026-01-01T00:00:00.000Z')]), null);
});

test('draft, edit, send: the row the projection writes, instants as dates', () => {
  const row = campaignRowFrom([drafted(1, 'a', '2026-01-01T00:00:00.000Z'), edited(2, 'b', '2026-01-02T00:00:00.000Z'), sent(3)]);
  assert.equal(row, {
    id: ID, subject: 'b', body: 'b2', status: 'sent', created_by: 'ann', created_at: new Date('2026-01-01T00:00:00.000Z'),
    updated_by: 'bob', updated_at: new Date('2026-01-02T00:00:00.000Z'), sent_by: 'cy', sent_at: new Date('2026-01-03T00:00:00.000Z'),
    recipients_count: 3, version: 3,
  });
});

test('a repeated draft or an older edit changes nothing', () => {
  const row = campaignRowFrom([drafted(1, 'a', '2026-01-01T00:00:00.000Z'), edited(2, 'b', '2026-01-02T00:00:00.000Z'),
    drafted(1, 'z', '2026-02-01T00:00:00.000Z'), edited(2, 'old', '2026-01-05T00:00:00.000Z')]);
  assert.equal([row?.subject, row?.version, row?.created_at.toISOString()], ['b', 2, '2026-01-01T00:00:00.000Z']);
});

test.run();
