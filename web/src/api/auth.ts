/** Account calls (docs/api.md "Auth and account"). */
import { unwrap } from '../lib/normalize';
import type { User } from '../lib/types';
import type {
  EmailBody, LoginBody, Message, PasswordChanged, ResetConfirmBody, SetPasswordBody, SignedIn, TokenBody, WsTicket,
} from './contract';
import { get, post } from './http';

export type Tokens = SignedIn;

const tokensOf = (v: unknown): Tokens => {
  const d = unwrap<Tokens & { tokens?: Tokens }>(v);
  return d.tokens ?? d;
};

export const login = (email: string, password: string, remember_me: boolean) =>
  post('/api/auth/login/', { email, password, remember_me } satisfies LoginBody, { auth: false }).then(tokensOf);

export const register = (payload: object) => post<Message>('/api/auth/register/', payload, { auth: false });

export const verifyEmail = (token: string) => post('/api/auth/verify_email/', { token } satisfies TokenBody, { auth: false }).then(tokensOf);

export const requestPasswordReset = (email: string) =>
  post<Message>('/api/auth/password_reset/', { email } satisfies EmailBody, { auth: false });

export const validateResetToken = (token: string) =>
  post<Message>('/api/auth/password_reset/validate_token/', { token } satisfies TokenBody, { auth: false });

export const confirmPasswordReset = (token: string, password: string) =>
  post<Message>('/api/auth/password_reset/confirm/', { token, password } satisfies ResetConfirmBody, { auth: false });

export const setPassword = (current_password: string, new_password: string) =>
  post<PasswordChanged>('/api/auth/users/set_password/', { current_password, new_password } satisfies SetPasswordBody);

export const clearWsConnections = () => get('/api/auth/clear_ws_connections/');

export const currentUser = () => get('/api/users/current/').then((v) => unwrap<User>(v));

export async function wsTicket(): Promise<string> {
  const d = unwrap<WsTicket & { ticket?: string }>(await get('/api/auth/get_ws_ticket/'));
  const ticket = d.ticket_uuid ?? d.ticket;
  if (!ticket) throw new Error('No websocket ticket');
  return ticket;
}

export const subscribeNewsletter = (email: string) =>
  post<Message>('/api/subscribe_newsletter/', { email } satisfies EmailBody, { auth: false });
