/** The flags every test Chromium starts with (services/testing/browser.ts): the machine's required ones and what spares CPU. */
/**
 * The features playwright-core 1.65 turns off itself: Chromium reads only the last `--disable-features`, so ours
 * repeats them (kept in step with the pinned playwright-core).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Headless Chromium 15x still builds each window's address-bar popup as two web pages of its own
 * (chrome://omnibox-popup.top-chrome/, and its AI-mode variant) in renderers of their own: every browser context a
 * test opens is a window, and those two pages took as much CPU as the app's own pages (orders.browser: 13.9 CPU s of
 * 62 for them; the file 46 s -> 35 s without them, docs/testing.md). A test never uses the address bar.
 */
export const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI].join(',')}`,
];
