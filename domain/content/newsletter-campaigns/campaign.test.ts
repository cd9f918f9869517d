import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import { BODY_MAX, campaignDecider, MSG, SUBJECT_MAX, type CampaignCommand, type CampaignEvent } from './campaign';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-22T09:30:00.000Z';
const ID = 'c-1';
const content = { subject: 'The December sale', body: '## Highlights\n\nA **Port Ellen** 1979.' };
const draft = (o: Partial<Extract<CampaignCommand, { type: 'DraftCampaign' }>> = {}): CampaignCommand =>
  ({ type: 'DraftCampaign', campaign_id: ID, content, by: 'staff-1', now: NOW, ...o });
const edit = (subject: string, body = content.body): CampaignCommand =>
  ({ type: 'EditCampaign', campaign_id: ID, content: { subject, body }, by: 'staff-2', now: LATER });
const send = (recipients_count = 3): CampaignCommand => ({ type: 'SendCampaign', campaign_id: ID, recipients_count, by: 'staff-2', now: LATER });

const drafted: CampaignEvent = { type: 'NewsletterCampaignDrafted', data: { campaign_id: ID, ...content, by: 'staff-1', at: NOW } };
const edited: CampaignEvent = { type: 'NewsletterCampaignEdited', data: { campaign_id: ID, subject: 'New subject', body: content.body, by: 'staff-2', at: LATER } };
const sent: CampaignEvent = { type: 'NewsletterCampaignSent', data: { campaign_id: ID, recipients_count: 3, by: 'staff-2', sent_at: LATER } };
const fieldsOf = (e: unknown) => (e as ValidationError).fields;

test('drafting records the subject and body with the staff member who wrote it', () => {
  given(campaignDecider).when(draft()).thenEvents([drafted]);
  given(campaignDecider, [drafted]).when(draft()).thenError('conflict', MSG.exists);
});

test('the subject is one trimmed line; the Markdown body is kept as typed', () => {
  const out = given(campaignDecider).when(draft({ content: { subject: '  Cask\r\nnews \t ', body: '  *as typed*  ' } })).events();
  assert.equal(out[0].data, { campaign_id: ID, subject: 'Cask news', body: '  *as typed*  ', by: 'staff-1', at: NOW });
});

test('a draft needs a subject and a body within their bounds', () => {
  const empty = given(campaignDecider).when(draft({ content: { subject: ' ', body: '\n' } })).thenError('validation');
  assert.equal(fieldsOf(empty), { subject: [MSG.subjectRequired], body: [MSG.bodyRequired] });
  const long = given(campaignDecider).when(draft({ content: { subject: 'x'.repeat(SUBJECT_MAX + 1), body: 'y'.repeat(BODY_MAX + 1) } })).thenError('validation');
  assert.equal(fieldsOf(long), { subject: [MSG.subjectTooLong], body: [MSG.bodyTooLong] });
  given(campaignDecider).when(draft({ content: { subject: 'x'.repeat(SUBJECT_MAX), body: 'y'.repeat(BODY_MAX) } })).events();
});

test('a draft can be edited until it is sent', () => {
  given(campaignDecider, [drafted]).when(edit('New subject')).thenEvents([edited]);
  given(campaignDecider, [drafted, sent]).when(edit('New subject')).thenError('conflict', MSG.alreadySent);
  given(campaignDecider).when(edit('New subject')).thenError('not_found', MSG.notFound);
  given(campaignDecider, [drafted]).when(edit('')).thenError('validation');
});

test('sending records who sent it, when, and how many addresses it went to', () => {
  given(campaignDecider, [drafted]).when(send()).thenEvents([sent]);
  given(campaignDecider, [drafted, edited]).when(send()).thenEvents([sent]);
  assert.equal(given(campaignDecider, [drafted]).when(send()).state(), { exists: true, sent: true });
});

test('a campaign is sent once: the second send is refused, whatever the count', () => {
  given(campaignDecider, [drafted, sent]).when(send()).thenError('conflict', MSG.alreadySent);
  given(campaignDecider, [drafted, sent]).when(send(0)).thenError('conflict', MSG.alreadySent);
});

test('an unknown campaign or an empty list is not sent', () => {
  given(campaignDecider).when(send()).thenError('not_found', MSG.notFound);
  given(campaignDecider, [drafted]).when(send(0)).thenError('rule_broken', MSG.noRecipients);
});

test.run();
