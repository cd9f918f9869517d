/**
 * Facebook user access tokens: the Graph API's `debug_token` (asked with the app token `APP_ID|APP_SECRET`) must say
 * the token is valid and was issued to our app; then `/me` gives the person's id, email and names. `/me` is asked
 * with `appsecret_proof`, so a token stolen from another app cannot be used through ours.
 * `FACEBOOK_GRAPH_URL` is the API's base (tests point it at a fake Graph server).
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { ProviderUnavailable, TokenRefused, type SocialProfile } from './providers';

const debugAnswer = z.object({
  data: z.object({ is_valid: z.boolean(), app_id: z.union([z.string(), z.number()]).optional(), user_id: z.union([z.string(), z.number()]).optional() }),
});
const meAnswer = z.object({
  id: z.union([z.string(), z.number()]), email: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional(),
});

async function graph(url: string): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ProviderUnavailable(String(error));
  }
  if (res.status >= 500) throw new ProviderUnavailable(`graph answered ${res.status}`);
  return { status: res.status, body: await res.json().catch(() => null) };
}

export async function verifyFacebookToken(
  config: { appId: string; appSecret: string; graphUrl: string }, token: string,
): Promise<SocialProfile> {
  const appToken = `${config.appId}|${config.appSecret}`;
  const debug = await graph(`${config.graphUrl}/debug_token?${new URLSearchParams({ input_token: token, access_token: appToken })}`);
  const parsed = debugAnswer.safeParse(debug.body);
  if (debug.status !== 200 || !parsed.success) {
    // A malformed token gets an error answer (400) from debug_token: refused. Our app token refused: our side.
    if (debug.status === 400 || debug.status === 200) throw new TokenRefused('debug_token refused the token');
    throw new ProviderUnavailable(`debug_token answered ${debug.status}`);
  }
  const data = parsed.data.data;
  if (!data.is_valid || String(data.app_id ?? '') !== config.appId) throw new TokenRefused('not a valid token of this app');
  const proof = createHmac('sha256', config.appSecret).update(token).digest('hex');
  const me = await graph(`${config.graphUrl}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: token, appsecret_proof: proof })}`);
  const person = meAnswer.safeParse(me.body);
  if (me.status !== 200 || !person.success) throw new TokenRefused('/me refused the token');
  if (data.user_id !== undefined && String(data.user_id) !== String(person.data.id)) throw new TokenRefused('token and person differ');
  return {
    // Facebook gives only a confirmed email address in `email` (none when the person has not confirmed one).
    provider: 'facebook', subject: String(person.data.id), email: person.data.email ?? '',
    first_name: person.data.first_name ?? '', last_name: person.data.last_name ?? '',
  };
}
