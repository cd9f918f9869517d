/** The home page slides staff manage (GET /api/cms/home_page/main_slider/): shown as a strip of cards; none, nothing. */
import { Link } from 'wouter';
import { useAsync } from '../../components/hooks';
import { fetchCms } from './api';
import './content.css';

export function HomeSlides() {
  const { data } = useAsync(() => fetchCms('main_slider'), []);
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
