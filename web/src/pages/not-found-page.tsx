/** Any other address. */
import { Link } from 'wouter';
import { PageHead } from '../components/page-head';

export function NotFoundPage() {
  return (
    <>
      <PageHead title="Page not found" eyebrow="404" />
      <div className="container section narrow prose">
        <p>The page you asked for does not exist or has moved.</p>
        <p><Link href="/" className="button button--primary">Back to the home page</Link></p>
      </div>
    </>
  );
}
