/** The staff content sections (/staff?section=articles, ?section=site-content and ?section=newsletter). */
import { ArticlesDesk } from './articles-desk';
import { CmsDesk } from './cms-desk';
import { NewsletterDesk } from './newsletter-desk';
import './content.css';

export const CONTENT_SECTIONS = {
  articles: {
    label: 'Articles',
    intro: 'Write blog articles in Markdown with images, preview them as readers will see them, and publish or unpublish them.',
  },
  'site-content': {
    label: 'Site content',
    intro: 'The people shown on the About page, the home page slides and the press quotes.',
  },
  newsletter: {
    label: 'Newsletter',
    intro: 'Write a newsletter in Markdown, preview the email as subscribers will get it, and send it to every subscriber once. Every email carries its own unsubscribe link.',
  },
} as const;

export const isContentSection = (s: string): s is keyof typeof CONTENT_SECTIONS => Object.hasOwn(CONTENT_SECTIONS, s);

export function ContentDesk({ section }: { section: keyof typeof CONTENT_SECTIONS }) {
  return section === 'articles' ? <ArticlesDesk /> : section === 'newsletter' ? <NewsletterDesk /> : <CmsDesk />;
}
