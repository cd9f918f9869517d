/** Entry: styles, the app, then the session, the server clock, the auctions and the live channels. */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadAuctions } from './state/auctions';
import { syncClock } from './state/clock';
import { startLive } from './state/live';
import { loadUser } from './state/session';
import { removeLegacyCookies } from './api/tokens';
import { seedFromPage } from './state/page-data';
import './styles/base.css';
import './styles/layout.css';
import './styles/header.css';
import './styles/account-menu.css';
import './styles/drawer.css';
import './styles/footer.css';
import './styles/buttons.css';
import './styles/feedback.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/lot-card.css';
import './styles/home.css';
import './styles/listing.css';
import './styles/product.css';
import './styles/bid-panel.css';
import './styles/modals.css';
import './styles/pages.css';

removeLegacyCookies();
// First: the session (an access token from the refresh cookie), so the calls below and the first render's wait for
// it and carry the user's token (api/http).
const signedIn = loadUser();
seedFromPage();
createRoot(document.getElementById('root')!).render(<App />);

void syncClock();
void loadAuctions();
void signedIn.finally(startLive);
