/** The staff content sections (/staff?section=articles and ?section=site-content). */
import { ArticlesDesk } from './articles-desk';
import { CmsDesk } from './cms-desk';
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
} as const;

export function ContentDesk({ section }: { section: keyof typeof CONTENT_SECTIONS }) {
  return section === 'articles' ? <ArticlesDesk /> : <CmsDesk />;
}
