/**
 * The home page slides staff manage (GET /api/cms/home_page/main_slider/): shown as a strip of cards; none, nothing.
 * {lot_count}, {end_day} and {end_date} in a slide's title or subtitle are the live auction's (./house-copy.ts).
 * The home page loads them (useHomeSlides) before it shows its sections, so the strip never pushes them down.
 */
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useAsync } from '../../components/hooks';
import { auctions } from '../../state/auctions';
import { fetchCms, type CmsItem } from './api';
import { fillLiveTokens } from './house-copy';
import './content.css';

/** The slides, or none when they cannot be read (the home page goes on without them). */
export const useHomeSlides = () => useAsync(() => fetchCms('main_slider').catch((): CmsItem[] => []), []);

export function HomeSlides({ slides: data }: { slides: readonly CmsItem[] | undefined }) {
  const { live, loaded } = useSnapshot(auctions);
  // Until the live auction is known a slide naming it cannot be filled: wait rather than show it and take it back.
  if (!data || data.length === 0 || !loaded) return null;
  const slides = data.flatMap((s) => {
    const title = fillLiveTokens(String(s.title ?? ''), live);
    const subtitle = s.subtitle ? fillLiveTokens(String(s.subtitle), live) : '';
    return title === null || subtitle === null ? [] : [{ slide: s, title, subtitle }];
  });
  if (slides.length === 0) return null;
  return (
    <section className="section container" aria-label="From the house">
      <ul className="home-slides">
        {slides.map(({ slide: s, title, subtitle }) => {
          const href = String(s.link_url ?? '');
          const text = String(s.link_text || 'Read more');
          return (
            <li key={s.id} className="home-slide">
              {s.image && <img src={String(s.image)} alt="" loading="lazy" />}
              <h3>{title}</h3>
              {subtitle && <p>{subtitle}</p>}
              {href && (href.startsWith('/') ? <Link href={href} className="text-link">{text}</Link>
                : <a href={href} className="text-link" rel="noopener noreferrer" target="_blank">{text}</a>)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
