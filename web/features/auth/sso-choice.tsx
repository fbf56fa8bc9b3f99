import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import type { SsoOptions } from '../../../common/contracts/sso';
import { ssoOptionsRequest } from './sso-api';

const SsoButtons = lazy(() => import('./sso-buttons'));

// Asked once per page load: the admin's and institutes' settings rarely change while a login page is open.
let asked: Promise<SsoOptions | null> | null = null;
const offeredOptions = () => {
  asked ??= ssoOptionsRequest().catch(() => null);
  return asked;
};

/**
 * The login page asks which single sign-on buttons to show, and downloads them only when there is one: a school
 * without single sign-on pays nothing for it on the login page (its weight budget, decision 071; hence no
 * react-query here, which the login page does not otherwise load).
 */
export function SsoChoice(props: Omit<ComponentProps<typeof SsoButtons>, 'offered'>) {
  const [offered, setOffered] = useState<SsoOptions | null>(null);
  useEffect(() => {
    let current = true;
    offeredOptions().then((options) => current && setOffered(options));
    return () => {
      current = false;
    };
  }, []);
  if (!offered || (!offered.google && !offered.microsoft && !offered.school)) return null;
  return (
    <Suspense fallback={null}>
      <SsoButtons offered={offered} {...props} />
    </Suspense>
  );
}
