/**
 * The process's logger (docs/operations.md, "Logs"): pino, with secrets redacted from every line. JSON lines for log
 * collectors, or readable lines (pino-pretty) for a person at a terminal.
 */
import pino, { type Logger } from 'pino';
import type { Config } from './config/config';
import { onDemand } from './on-demand';

const loadPretty = onDemand<typeof import('pino-pretty')>('pino-pretty');

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.token',
  'req.query.ticket',
  '*.password',
  '*.password2',
  '*.card_number',
  '*.cvv',
  '*.cvc',
  '*.expiry_date',
  '*.code',
  '*.token',
  '*.refresh',
  '*.access',
];

/**
 * Query parameters that carry secrets (emailed links, websocket credentials, the sandbox's 3-D Secure challenge
 * token `t`): their values never reach the logs.
 */
const SECRET_QUERY = /([?&](?:token|ticket|submit_token|reset_token|temp_token|access|refresh|t)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * One line per event for a person: the time, the level, the message; a request's method, URL and status inline
 * instead of its objects; the start steps' numbers are in their message already. Everything else still shows.
 */
const PRETTY = {
  // Colours only where they show (a terminal that takes them; NO_COLOR is honoured).
  sync: true,
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,req,res,reqId,responseTime,step,of,seconds',
  messageFormat: '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} -> {res.statusCode} ({responseTime} ms){end}',
};

/**
 * `destination` is for tests that read the lines; by default pino writes to stdout: JSON lines, or (LOG_FORMAT=pretty,
 * the default on a terminal) readable ones through pino-pretty, in this thread and synchronously, so the last lines
 * of a stop are written before the process exits.
 */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remoteAddress?: string; remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
  if (destination) return pino(options, destination);
  // pino-pretty only for a person at a terminal: a server writing JSON lines does not load it at start.
  if (config.logFormat === 'pretty') return pino(options, loadPretty()(PRETTY));
  return pino(options);
}
