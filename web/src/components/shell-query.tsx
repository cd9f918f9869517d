/** Runs the shell's query handling whenever the address gains one of the handled parameters. */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { handleShellQuery } from '../state/shell-query';

export function ShellQuery() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { status } = useSnapshot(session);
  const ready = status !== 'unknown';
  useEffect(() => {
    if (ready && search) void handleShellQuery(search, navigate);
  }, [search, ready, navigate]);
  return null;
}
