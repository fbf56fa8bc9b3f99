import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountSwitching, changeAccount } from './account-switch';

describe('changeAccount', () => {
  it('swaps with no page drawn, empties the cache before going to the new page, and draws pages again after', async () => {
    const client = new QueryClient();
    client.setQueryData(['people', 'admin'], ['the admin list']);
    const steps: string[] = [];
    await changeAccount(
      client,
      () => {
        steps.push(`swap, pages ${accountSwitching() ? 'hidden' : 'drawn'}`);
        steps.push(`cache ${client.getQueryData(['people', 'admin']) ? 'full' : 'empty'}`);
        return '/guru-list';
      },
      async (to) => {
        steps.push(`navigate ${to}, pages ${accountSwitching() ? 'hidden' : 'drawn'}`);
        steps.push(`cache ${client.getQueryData(['people', 'admin']) ? 'full' : 'empty'}`);
      },
    );
    expect(steps).toEqual([
      'swap, pages hidden',
      'cache full',
      'navigate /guru-list, pages hidden',
      'cache empty',
    ]);
    expect(accountSwitching()).toBe(false);
  });

  it('draws pages again when the swap fails, and goes nowhere', async () => {
    const client = new QueryClient();
    let navigated = false;
    await expect(
      changeAccount(
        client,
        async () => {
          throw new Error('logout failed');
        },
        () => {
          navigated = true;
        },
      ),
    ).rejects.toThrow('logout failed');
    expect(navigated).toBe(false);
    expect(accountSwitching()).toBe(false);
    // A second switch runs normally: the flag was put back.
    const steps: string[] = [];
    await changeAccount(
      client,
      () => '/dashboard',
      (to) => void steps.push(to),
    );
    expect(steps).toEqual(['/dashboard']);
  });
});
