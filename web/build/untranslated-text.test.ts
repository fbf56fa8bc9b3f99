import { describe, expect, it } from 'vitest';
import { untranslatedText } from './untranslated-text';

const texts = (source: string) => untranslatedText(source).map((found) => found.text);

describe('untranslated text in a view', () => {
  it('finds JSX text and visible props in any script', () => {
    const view = `export const V = () => (
      <Card title="Reports" aria-label={'A guru answering'}>
        Teach with an AI guru
        <TextInput label="ईमेल" placeholder={busy ? 'Saving…' : 'Type here'} />
        {collapsed ? null : 'Explore Courses'}
        {count > 0 && \`\${count} lessons\`}
      </Card>
    );`;
    expect(texts(view)).toEqual([
      'Reports',
      'A guru answering',
      'Teach with an AI guru',
      'ईमेल',
      'Saving…',
      'Type here',
      'Explore Courses',
      'lessons',
    ]);
  });

  it('passes catalog lookups, keys given to calls, markup-only text and props nobody reads', () => {
    const view = `export const V = () => (
      <Card title={t('home.title')} data-testid="home-card" to="/sign-up" variant="default">
        {t('home.lead')} {' '} · © {year} 180° — 0:42
        <Button aria-label={t(collapsed ? 'shell.expandNav' : 'shell.collapseNav')}>{rich('a', { b: (c) => <b>{c}</b> })}</Button>
      </Card>
    );`;
    expect(texts(view)).toEqual([]);
  });

  it('says on which line', () => {
    expect(untranslatedText('const a = 1;\nexport const V = () => <p>\n  Hello\n</p>;')).toEqual([
      { line: 3, text: 'Hello' },
    ]);
  });

  it("finds a toast's message written as it is, in a hook's .ts file too, and passes a translated one", () => {
    const hook = `export function useSwitch() {
      return (name: string) => {
        toast('info', \`You are now logged in as \${name}\`);
        toast('danger', failed ? 'Could not switch' : t('shell.retry'));
        toast('success', t('shell.nowLoggedInAs', { name }));
        notify('info', 'Not a toast');
      };
    }`;
    expect(untranslatedText(hook, 'use-switch.ts').map((found) => found.text)).toEqual([
      'You are now logged in as',
      'Could not switch',
    ]);
  });
});
