import ts from 'typescript';

/**
 * Where a view shows English that no catalog holds (decision 068): JSX text with a letter in any script, string
 * literals given to the props a person reads or hears (a label, a placeholder, an aria-label…) or placed as a
 * child ({cond ? 'Yes' : 'No'}), and a toast's message. Text passed to another call (t('home.title')) is a key,
 * not text, and is never counted.
 */
export const VISIBLE_PROPS = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'cancelLabel',
  'closeButtonLabel',
  'confirmLabel',
  'description',
  'emptyMessage',
  'error',
  'label',
  'message',
  'nothingFoundMessage',
  'placeholder',
  'subtitle',
  'title',
  'tooltip',
]);

export interface Untranslated {
  line: number;
  text: string;
}

const LETTER = /\p{L}/u;

/** The string literals an expression shows as it is: its own value, or a branch's of ?:, ||, ?? and &&. */
function shownStrings(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) {
    return [expression.head, ...expression.templateSpans.map((span) => span.literal)];
  }
  if (ts.isParenthesizedExpression(expression)) return shownStrings(expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(expression.right);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
      return [...shownStrings(expression.left), ...shownStrings(expression.right)];
    }
  }
  return [];
}

/** toast(kind, message) of web/app/toast.ts: its message is read by everyone who sees the page. */
function isToastCall(node: ts.Node, file: ts.SourceFile): node is ts.CallExpression {
  return ts.isCallExpression(node) && node.expression.getText(file) === 'toast' && node.arguments.length > 1;
}

function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return node.getText();
}

/** The untranslatable visible texts of one .tsx source, in order. */
export function untranslatedText(source: string, fileName = 'view.tsx'): Untranslated[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: Untranslated[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(trimmed)) return;
    // JSX text starts with the line break before it: the line is the first letter's.
    const lead = ts.isJsxText(node) ? node.text.search(/\S/) : 0;
    found.push({
      line: file.getLineAndCharacterOfPosition(node.getStart(file) + lead).line + 1,
      text: trimmed,
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (isToastCall(node, file)) {
      for (const shown of shownStrings(node.arguments[1])) report(shown, textOf(shown));
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(value, value.text);
      else if (ts.isJsxExpression(value) && value.expression) {
        for (const shown of shownStrings(value.expression)) report(shown, textOf(shown));
      }
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const shown of shownStrings(node.expression)) report(shown, textOf(shown));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
