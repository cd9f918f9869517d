/** Instants in replay sentences: UTC, to the second (milliseconds only when there are any), so they read the same everywhere. */
export function formatInstant(value: number | string): string {
  const iso = new Date(value).toISOString();
  const ms = iso.slice(19, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${ms === '.000' ? '' : ms} UTC`;
}
