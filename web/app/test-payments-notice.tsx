import { useEffect, useState } from 'react';
import { useT } from './i18n';
import { siteSettings } from './site-settings';

const STYLE = {
  position: 'fixed',
  left: 8,
  bottom: 8,
  zIndex: 1000,
  // Never in the way: clicks go through to whatever is underneath.
  pointerEvents: 'none',
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '20px',
  background: 'var(--mantine-color-yellow-3)',
  color: 'var(--mantine-color-black)',
  boxShadow: 'var(--mantine-shadow-xs)',
} as const;

/**
 * The small "Test payments" notice on every page while TEST_PAYMENTS=on runs the free test checkout
 * (decision 055): nobody should take this server's payments for real ones. Nothing at all otherwise.
 */
export function TestPaymentsNotice() {
  const [shown, setShown] = useState(false);
  const t = useT();
  useEffect(() => {
    let live = true;
    siteSettings()
      .then((settings) => {
        if (live) setShown(settings.testPayments === true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;
  return (
    <aside aria-label={t('shell.testPayments')} style={STYLE} data-testid="test-payments-notice">
      {t('shell.testPayments')}
    </aside>
  );
}
