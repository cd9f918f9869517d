/** Entry: styles, the app, then the session, the server clock, the auctions and the live channels. */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadAuctions } from './state/auctions';
import { syncClock } from './state/clock';
import { startLive } from './state/live';
import { loadUser } from './state/session';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/lots.css';
import './styles/forms.css';
import './styles/modals.css';
import './styles/pages.css';

createRoot(document.getElementById('root')!).render(<App />);

void syncClock();
void loadAuctions();
void loadUser().finally(startLive);
