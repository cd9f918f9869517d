/** /about: the house, its specialists (GET /api/about_us/) and what the press says (GET /api/media_like_us/). */
import { useAsync } from '../components/hooks';
import { PageHead } from '../components/page-head';
import { fetchAboutUs } from '../api/site';
import { SITE } from '../lib/site';
import { fetchCms } from '../features/content/api';
import '../features/content/content.css';

export function AboutPage() {
  const { data } = useAsync(() => fetchAboutUs(), []);
  const press = useAsync(() => fetchCms('media_like_us'), []);
  return (
    <>
      <PageHead title="About Us" eyebrow={SITE.name}>
        <p>Specialist whisky auctioneers, run by collectors for collectors.</p>
      </PageHead>
      <div className="container section two-col">
        <div className="prose">
          <h2>Our house</h2>
          <p>
            We sell rare and collectable Scotch whisky — single bottles, whole collections and casks — in monthly online
            auctions open to bidders around the world. Every lot is received, inspected and photographed by our team
            and kept in our bonded warehouse until it is shipped or collected.
          </p>
          <h2>How we work</h2>
          <p>
            Bidding is by maximum (proxy) bid, lots close one by one with a 3-minute extension after late bids, and every
            bid and payment is recorded in an audit trail that can be replayed end to end.
          </p>
          <p>Visit us at {SITE.address}, or call {SITE.phone}.</p>
          {press.data && press.data.length > 0 && (
            <>
              <h2>What the press says</h2>
              {press.data.map((q) => (
                <blockquote key={q.id} className="press-quote">
                  <p>“{String(q.quote)}”</p>
                  <footer className="muted">— {q.url ? <a href={String(q.url)} rel="noopener noreferrer" target="_blank">{String(q.source)}</a> : String(q.source)}</footer>
                </blockquote>
              ))}
            </>
          )}
        </div>
        <aside>
          <h2>Our specialists</h2>
          {data && data.length > 0 ? (
            <ul className="staff">
              {data.map((s) => (
                <li key={s.id} className="staff__item">
                  {s.photo && <img src={s.photo} alt="" loading="lazy" />}
                  <div>
                    <p className="staff__name">{s.name}</p>
                    <p className="muted">{s.role}</p>
                    {s.bio && <p>{s.bio}</p>}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Our team of specialists values and catalogues every lot.</p>
          )}
        </aside>
      </div>
    </>
  );
}
