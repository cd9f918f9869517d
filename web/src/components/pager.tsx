/** Page links: previous, a window of page numbers, next. */
interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

function pageWindow(page: number, total: number): (number | '…')[] {
  const pages = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | '…')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('…');
    out.push(p);
  });
  return out;
}

export function Pager({ page, totalPages, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="pager__step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <ol className="pager__pages">
        {pageWindow(page, totalPages).map((p, i) =>
          p === '…' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place in the window
            <li key={`gap${i}`} className="pager__gap" aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className="pager__page"
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="pager__step" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
