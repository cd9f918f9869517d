/** The demo content (docs/content.md "Demo content"): articles in Markdown, the house's people, slides and press quotes. */
import type { ArticleFields } from '../../domain/content/article/events';

type DemoArticle = Omit<ArticleFields, 'image_id' | 'published'> & { daysAgo: number };

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Spring auction report: a Macallan 1970s trio leads the sale', type: 'auction-reports', daysAgo: 3,
    short_description: 'Over 1,400 lots found new homes, with sherry-cask Speyside leading the bidding.',
    content: '## Highlights\n\nThe spring sale closed with **1,412 lots sold** and a sell-through rate of 96%.\n\n- A trio of 1970s Macallan led the sale\n- Closed distilleries (Port Ellen, Brora) held firm\n- Independent bottlings of Springbank outperformed estimates\n\n> "The depth of bidding in the last ten minutes was remarkable." - our head of sales\n\nSee the [calendar](/calendar) for the next sale.',
  },
  {
    title: 'How to read a cask sample report', type: 'collecting', daysAgo: 10,
    short_description: 'Strength, volume and angel’s share: what the numbers on a regauge tell you.',
    content: '## The regauge\n\nEvery cask we list comes with a recent **regauge**: the bulk litres, the strength (ABV) and the litres of pure alcohol (LPA).\n\n1. *Bulk litres* fall every year through evaporation.\n2. *Strength* usually falls too, slowly.\n3. *LPA* is what a buyer really pays for.\n\nRead more in our [FAQ on casks](/faq).',
  },
  {
    title: 'A visit to Campbeltown', type: 'distilleries', daysAgo: 24,
    short_description: 'Three distilleries, one town, and the whisky region that refused to disappear.',
    content: 'Campbeltown once had more than thirty distilleries. Today it has three: **Springbank**, **Glen Scotia** and **Glengyle**.\n\n### Why collectors care\n\nSmall outturns and traditional floor maltings make Springbank one of the most sought-after names at auction.',
  },
  {
    title: 'New: free storage for your won lots until the end of the month', type: 'news', daysAgo: 40,
    short_description: 'Buy now, ship later: we keep your bottles safe in our bonded warehouse.',
    content: 'From this sale on, lots you win are **stored free of charge** until the end of the month after the auction. After that, storage is charged per bottle per month; see [shipping information](/shipping-info).',
  },
];

export const DEMO_CMS = {
  about_us: [
    { name: 'Eilidh Hartley', role: 'Founder and head of sales', bio: 'Twenty years in the Scotch trade, ten of them running auctions in Edinburgh.' },
    { name: 'Callum Reid', role: 'Cask specialist', bio: 'Former warehouse manager in Speyside; values every cask we list.' },
    { name: 'Priya Shah', role: 'Client services', bio: 'Looks after buyers and sellers from registration to delivery.' },
    { name: 'Tomasz Nowak', role: 'Logistics', bio: 'Packs, insures and ships every parcel that leaves our warehouse.' },
  ],
  main_slider: [
    // {lot_count} and {end_day} are filled from the live auction by the home page (docs/content.md "Copy from data").
    { title: 'The auction is live', subtitle: '{lot_count} of bottles and casks, ending {end_day}.', link_url: '/auction', link_text: 'Bid now' },
    { title: 'Sell with us', subtitle: 'Free valuations and a commission that falls with value.', link_url: '/sell', link_text: 'Get a valuation' },
    { title: 'New to auctions?', subtitle: 'How bidding, fees and shipping work, step by step.', link_url: '/how-to-buy', link_text: 'How to buy' },
  ],
  media_like_us: [
    { quote: 'One of the most transparent whisky auction houses in the UK.', source: 'The Spirits Business', url: '' },
    { quote: 'A seamless bidding experience with real specialists behind it.', source: 'Whisky Magazine', url: '' },
    { quote: 'Their cask listings set the standard for detail.', source: 'Scotch Whisky Review', url: '' },
  ],
};
