/**
 * A newsletter campaign (docs/content.md "Newsletter campaigns"), on the stream `newsletter-campaign-<id>`: staff
 * draft it (subject and Markdown body), may edit it while it is a draft, and send it once. Sending freezes the
 * campaign: the recipients are fixed at that moment (their number comes in the command, counted in the same
 * transaction as the event) and a second send is refused, so a double click or a retry never mails anyone twice.
 */
import { assertNever, type Decider } from '../../shared/decider';
import { Conflict, NotFound, RuleBroken, ValidationError, type FieldErrors } from '../../shared/errors';

export const SUBJECT_MAX = 200;
export const BODY_MAX = 50_000;

export const MSG = {
  notFound: 'Campaign not found.',
  exists: 'This campaign already exists.',
  subjectRequired: 'Enter a subject.',
  subjectTooLong: `The subject can have at most ${SUBJECT_MAX} characters.`,
  bodyRequired: 'Write the newsletter.',
  bodyTooLong: `The newsletter can have at most ${BODY_MAX} characters.`,
  alreadySent: 'This campaign has already been sent.',
  noRecipients: 'No one is subscribed to the newsletter yet: there is no one to send it to.',
} as const;

interface CampaignContent { subject: string; body: string }

interface DraftCampaign { type: 'DraftCampaign'; campaign_id: string; content: CampaignContent; by: string; now: string }
interface EditCampaign { type: 'EditCampaign'; campaign_id: string; content: CampaignContent; by: string; now: string }
/** `recipients_count`: how many addresses the send froze (services/content/newsletter-send.ts). */
interface SendCampaign { type: 'SendCampaign'; campaign_id: string; recipients_count: number; by: string; now: string }
export type CampaignCommand = DraftCampaign | EditCampaign | SendCampaign;

export interface NewsletterCampaignDrafted { type: 'NewsletterCampaignDrafted'; data: CampaignContent & { campaign_id: string; by: string; at: string } }
export interface NewsletterCampaignEdited { type: 'NewsletterCampaignEdited'; data: CampaignContent & { campaign_id: string; by: string; at: string } }
export interface NewsletterCampaignSent { type: 'NewsletterCampaignSent'; data: { campaign_id: string; recipients_count: number; by: string; sent_at: string } }
export type CampaignEvent = NewsletterCampaignDrafted | NewsletterCampaignEdited | NewsletterCampaignSent;

export const CAMPAIGN_EVENT_TYPES: readonly CampaignEvent['type'][] = ['NewsletterCampaignDrafted', 'NewsletterCampaignEdited', 'NewsletterCampaignSent'];
export const campaignStream = (campaignId: string) => `newsletter-campaign-${campaignId}`;

export interface CampaignState { exists: boolean; sent: boolean }
const initialCampaignState: CampaignState = Object.freeze({ exists: false, sent: false });

/** Field errors of a campaign as typed; empty when it may be saved. */
function campaignErrors(c: CampaignContent): FieldErrors {
  const errors: FieldErrors = {};
  const subject = c.subject.trim();
  if (!subject) errors.subject = [MSG.subjectRequired];
  else if (subject.length > SUBJECT_MAX) errors.subject = [MSG.subjectTooLong];
  if (!c.body.trim()) errors.body = [MSG.bodyRequired];
  else if (c.body.length > BODY_MAX) errors.body = [MSG.bodyTooLong];
  return errors;
}

function checked(c: CampaignContent): CampaignContent {
  const errors = campaignErrors(c);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  // A subject is one line: a line break in it would break the email's header.
  return { subject: c.subject.trim().replace(/\s+/g, ' '), body: c.body };
}

/** The refusals of a send that need no recipient count; the send route asks them before it counts anyone. */
export function assertSendable(state: CampaignState): void {
  if (!state.exists) throw new NotFound(MSG.notFound);
  if (state.sent) throw new Conflict(MSG.alreadySent);
}

function draftCampaign(command: DraftCampaign, state: CampaignState): NewsletterCampaignDrafted[] {
  if (state.exists) throw new Conflict(MSG.exists);
  const content = checked(command.content);
  return [{ type: 'NewsletterCampaignDrafted', data: { campaign_id: command.campaign_id, ...content, by: command.by, at: command.now } }];
}

function editCampaign(command: EditCampaign, state: CampaignState): NewsletterCampaignEdited[] {
  if (!state.exists) throw new NotFound(MSG.notFound);
  // What went out is what the record shows: a sent campaign is never rewritten.
  if (state.sent) throw new Conflict(MSG.alreadySent);
  const content = checked(command.content);
  return [{ type: 'NewsletterCampaignEdited', data: { campaign_id: command.campaign_id, ...content, by: command.by, at: command.now } }];
}

function sendCampaign(command: SendCampaign, state: CampaignState): NewsletterCampaignSent[] {
  assertSendable(state);
  // Sending to nobody would use the campaign up for nothing (it can be sent only once).
  if (command.recipients_count <= 0) throw new RuleBroken(MSG.noRecipients);
  return [{ type: 'NewsletterCampaignSent', data: { campaign_id: command.campaign_id, recipients_count: command.recipients_count, by: command.by, sent_at: command.now } }];
}

function evolveCampaign(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'NewsletterCampaignDrafted':
      return { exists: true, sent: false };
    case 'NewsletterCampaignEdited':
      return state;
    case 'NewsletterCampaignSent':
      return { ...state, sent: true };
    default:
      return assertNever(event);
  }
}

function decide(command: CampaignCommand, state: CampaignState): CampaignEvent[] {
  switch (command.type) {
    case 'DraftCampaign':
      return draftCampaign(command, state);
    case 'EditCampaign':
      return editCampaign(command, state);
    case 'SendCampaign':
      return sendCampaign(command, state);
    default:
      return assertNever(command);
  }
}

export const campaignDecider: Decider<CampaignState, CampaignCommand, CampaignEvent> = {
  initialState: initialCampaignState, evolve: evolveCampaign, decide,
};
