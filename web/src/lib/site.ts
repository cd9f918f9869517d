/** House details shown across the site. */
export const SITE = {
  name: 'Hartley & Reid Whisky Auctions',
  short: 'Hartley & Reid',
  tagline: 'Whisky Auctions',
  email: 'hello@hartleyreid.example',
  phone: '+44 131 496 0000',
  address: '14 Cask Lane, Edinburgh EH1 2AB',
  registrationFee: '£5',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'X', href: 'https://x.com/' },
  ],
} as const;
