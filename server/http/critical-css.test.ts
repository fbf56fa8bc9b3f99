import { describe, expect, it } from 'vitest';
import { classesIn, criticalStyles } from './critical-css';

const SHEET = `
:root{--x:1}
:root[data-mantine-color-scheme=dark]{--y:2}
:root[data-mantine-color-scheme=light]{--y:3}
[data-mantine-color-scheme="dark"] .m_a,.m_a[data-variant=x]{color:white}
@font-face{font-family:Lato;src:url(/a.woff2)}
@keyframes spin{to{transform:rotate(1turn)}}
.m_a{color:red}
.m_b .m_c{color:blue}
.m_a:where([data-size=sm]),.m_z{margin:0}
@media (hover:hover){.m_a:hover{color:green}.m_z:hover{color:black}}
@media (min-width:40em){.m_z{padding:0}}
`;

describe('the critical part of a stylesheet', () => {
  it('keeps what the page can use: rules of its classes, rules of no class, faces and animations, in the light scheme', () => {
    const css = criticalStyles(SHEET)('<div class="m_a x"><p class=" m_b  "></p></div>');
    expect(css).toContain(':root{--x:1}');
    // Drawn pages are light: the dark scheme's rules go, a selector list keeping its other selectors.
    expect(css).toContain(':root[data-mantine-color-scheme=light]{--y:3}');
    expect(css).not.toContain('dark');
    expect(css).toContain('.m_a[data-variant=x]{color:white}');
    expect(css).toContain('@font-face');
    expect(css).toContain('@keyframes spin');
    expect(css).toContain('.m_a{color:red}');
    // A selector list keeps only the selectors that can match.
    expect(css).toContain('.m_a:where([data-size=sm]){margin:0}');
    expect(css).toContain('@media (hover:hover){.m_a:hover{color:green}}');
    expect(css).not.toContain('m_z');
    expect(css).not.toContain('(min-width:40em)');
    // Every class of a selector must be used: .m_c is not.
    expect(css).not.toContain('m_c');
  });

  it('reads the classes of every class attribute', () => {
    expect([...classesIn('<a class="one two"></a><b class="two three"></b><i data-class="no"></i>')]).toEqual(
      ['one', 'two', 'three'],
    );
  });
});
