import { config } from '@/lib/config/config';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { QueryProvider } from '@/components/QueryProvider';
import { THEME_BOOT_SCRIPT } from '@/lib/theme/theme-choice';
import './globals.css';

const description = 'Knowledge-base health for Stigmem nodes';

// The static assets live in public/ (scripts/generate-icons.mjs renders them from public/icon.svg).
// The Open Graph image needs an absolute URL: STIGMEM_NODE_URL when set, else Next's localhost default.
export const metadata: Metadata = {
  title: { default: 'Stigmem Health', template: '%s · Stigmem Health' },
  description,
  metadataBase: config().node.url ? new URL(config().node.url!) : undefined,
  manifest: '/manifest.webmanifest',
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
  openGraph: { title: 'Stigmem Health', description, siteName: 'Stigmem Health', images: [{ url: '/og-image.png', width: 1200, height: 630, alt: 'Stigmem Health' }] },
};

// The top bar is dark in both themes, so the browser's own chrome matches it in both.
export const viewport: Viewport = { themeColor: '#0f172a' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The page's CSP runs only scripts with this request's nonce (proxy.ts). Reading it makes every
  // page render per request, which a nonce needs anyway.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    // The boot script sets the theme class on <html> before React hydrates, hence suppressHydrationWarning there.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
