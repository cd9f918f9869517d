/**
 * What `npm start` is doing, step by step (docs/operations.md, "Logs"). Each step is logged when it starts and when it
 * is done, with its time. On a terminal a progress line (a spinner and the seconds so far) is redrawn in place while
 * a step runs, so a first start that spends half a minute building the client does not look stuck; the line is
 * cleared before anything else is written. Piped output (JSON logs) gets only the log lines.
 */
import type { Logger } from 'pino';

const START_STEPS = 5;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

interface StepLog { info(obj: object, msg: string): void }

export class Steps {
  constructor(
    private readonly log: StepLog | Logger,
    private readonly total = START_STEPS,
    private readonly terminal: NodeJS.WriteStream | null = process.stdout.isTTY ? process.stdout : null,
  ) {}

  /** Runs step `n`: `doing` while it runs ("Migrating the database"), then `done(result)` with its time. */
  async run<T>(n: number, doing: string, work: () => Promise<T> | T, done: (result: T) => string = () => `${doing}: done`): Promise<T> {
    const tag = `[${n}/${this.total}]`;
    const started = performance.now();
    // On a terminal the progress line says it; piped, a line says the step began (a hang shows where it is).
    if (!this.terminal) this.log.info({ step: n, of: this.total }, `${tag} ${doing}...`);
    const stopLine = this.progressLine(tag, doing, started);
    try {
      const result = await work();
      stopLine();
      const seconds = (performance.now() - started) / 1000;
      this.log.info({ step: n, of: this.total, seconds: Math.round(seconds * 10) / 10 }, `${tag} ${done(result)} (${formatSeconds(seconds)})`);
      return result;
    } finally {
      stopLine();
    }
  }

  private progressLine(tag: string, doing: string, started: number): () => void {
    const out = this.terminal;
    if (!out) return () => {};
    let frame = 0;
    const draw = () => {
      const seconds = Math.floor((performance.now() - started) / 1000);
      out.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${tag} ${doing}... ${seconds} s`);
    };
    draw();
    const timer = setInterval(draw, 250);
    timer.unref();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      out.write('\r\x1b[2K');
    };
  }
}

function formatSeconds(seconds: number): string {
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}
