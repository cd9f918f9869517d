/**
 * The home page slides staff manage (GET /api/cms/home_page/main_slider/): shown as a strip of cards; none, nothing.
 * The home page loads them (useHomeSlides) before it shows its sections, so the strip never pushes them down.
 */
import { Link } from 'wouter';
import { useAsync } from '../../components/hooks';
import { fetchCms, type CmsItem } from './api';
import './content.css';

/** The slides, or none when they cannot be read (the home page goes on without them). */
export const useHomeSlides = () => useAsync(() => fetchCms('main_slider').catch((): CmsItem[] => []), []);

export function HomeSlides({ slides: data }: { slides: readonly CmsItem[] | undefined }) {
  if (!data || data.length === 0) return null;
  return (
    <section className="section container" aria-label="From the house">
      <ul className="home-slides">
        {data.map((s) => {
          const href = String(s.link_url ?? '');
          const text = String(s.link_text || 'Read more');
          return (
            <li key={s.id} className="home-slide">
              {s.image && <img src={String(s.image)} alt="" loading="lazy" />}
              <h3>{String(s.title)}</h3>
              {s.subtitle && <p>{String(s.subtitle)}</p>}
              {href && (href.startsWith('/') ? <Link href={href} className="text-link">{text}</Link>
                : <a href={href} className="text-link" rel="noopener noreferrer" target="_blank">{text}</a>)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
