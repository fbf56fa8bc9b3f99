import postcss, { type AtRule, type Root, type Rule } from 'postcss';

/**
 * The part of the app's stylesheet a drawn page needs for its first paint (decision 071): every rule whose
 * selector names only classes the page's HTML uses, rules that name no class at all (the document, the colour
 * scheme's variables), and every @font-face and @keyframes. Inlined into the page, it lets the whole stylesheet
 * (270 kB, render-blocking) load after the first paint. A rule kept for nothing costs bytes; a rule missed would
 * show the page unstyled until the sheet arrives, so anything unsure is kept.
 */

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** Every class name the HTML uses. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of (value ?? '').split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** The sheet read once into what each page's selection needs: no parsing or copying per page. */
type Item =
  | { kind: 'kept'; text: string }
  | { kind: 'rule'; selectors: string[]; classes: string[][]; body: string }
  | { kind: 'group'; prelude: string; items: Item[] };

/** Drawn pages are always in the light scheme (their <html> says so): the dark one's rules cannot apply. */
const DARK_SCHEME = /\[data-mantine-color-scheme=["']?dark["']?\]/;

/** Font faces and animations are named, not matched: kept whole (a face downloads only when text uses it). */
const KEPT_WHOLE = /^(font-face|keyframes|property|charset|import|layer|namespace)$/i;

function itemsOf(container: Root | AtRule): Item[] {
  const items: Item[] = [];
  for (const node of container.nodes ?? []) {
    if (node.type === 'rule') {
      const rule = node as Rule;
      const selectors = rule.selectors.filter((selector) => !DARK_SCHEME.test(selector));
      if (selectors.length === 0) continue;
      const body = (rule.nodes ?? []).map((child) => child.toString()).join(';');
      items.push({
        kind: 'rule',
        selectors,
        classes: selectors.map((selector) =>
          [...selector.matchAll(CLASS_IN_SELECTOR)].map((match) => match[1] as string),
        ),
        body,
      });
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      if (KEPT_WHOLE.test(atRule.name) || !atRule.nodes)
        items.push({ kind: 'kept', text: atRule.toString() });
      else items.push({ kind: 'group', prelude: `@${atRule.name} ${atRule.params}`, items: itemsOf(atRule) });
    }
  }
  return items;
}

/** The CSS of the items a page with these classes can use. */
function select(items: Item[], classes: Set<string>): string {
  let css = '';
  for (const item of items) {
    if (item.kind === 'kept') css += item.text;
    else if (item.kind === 'group') {
      const inner = select(item.items, classes);
      if (inner) css += `${item.prelude}{${inner}}`;
    } else {
      const kept = item.selectors.filter((_, index) =>
        (item.classes[index] ?? []).every((name) => classes.has(name)),
      );
      if (kept.length > 0) css += `${kept.join(',')}{${item.body}}`;
    }
  }
  return css;
}

/** A stylesheet read once, and its critical part for any page's HTML. */
export function criticalStyles(css: string): (html: string) => string {
  const items = itemsOf(postcss.parse(css));
  return (html) => select(items, classesIn(html));
}
