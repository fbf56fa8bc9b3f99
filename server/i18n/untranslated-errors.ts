import ts from 'typescript';

/**
 * Where the server answers a caller with English no catalog holds (decision 070): a string literal, a template or
 * a same-file constant given as the message or a field message of an error (badRequest, conflict, forbidden,
 * notFound, unauthenticated, new AppError) or as the `message` of a body sent by hand. Those go through
 * `said('server.<module>.<name>')`; shared constants that are keyed where they live (MSG, LIBRARY_MSG…) are fine.
 */
export interface UntranslatedError {
  line: number;
  text: string;
}

const ERROR_HELPERS = new Set(['badRequest', 'conflict', 'forbidden', 'notFound', 'unauthenticated']);
const LETTER = /\p{L}/u;

/** An expression's English when it is text written here: a literal, a template, a concatenation, a constant. */
function writtenText(expression: ts.Expression, constants: Map<string, string>): string | undefined {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return expression.text;
  if (ts.isTemplateExpression(expression)) return expression.getText();
  if (ts.isParenthesizedExpression(expression)) return writtenText(expression.expression, constants);
  if (ts.isConditionalExpression(expression))
    return writtenText(expression.whenTrue, constants) ?? writtenText(expression.whenFalse, constants);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return writtenText(expression.left, constants) ?? writtenText(expression.right, constants);
  if (ts.isIdentifier(expression)) return constants.get(expression.text);
  return undefined;
}

/** The file's `const NAME = 'text'` declarations (any depth), by name. */
function textConstants(source: ts.SourceFile): Map<string, string> {
  const constants = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const { initializer } = node;
      if (ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer))
        constants.set(node.name.text, initializer.text);
      else if (ts.isTemplateExpression(initializer)) constants.set(node.name.text, initializer.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return constants;
}

const calleeName = (expression: ts.Expression): string | undefined =>
  ts.isIdentifier(expression)
    ? expression.text
    : ts.isPropertyAccessExpression(expression)
      ? expression.name.text
      : undefined;

export function untranslatedErrors(code: string, fileName: string): UntranslatedError[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = textConstants(source);
  const found: UntranslatedError[] = [];
  const check = (expression: ts.Expression | undefined) => {
    if (!expression) return;
    const text = writtenText(expression, constants);
    if (text !== undefined && LETTER.test(text))
      found.push({ line: source.getLineAndCharacterOfPosition(expression.getStart()).line + 1, text });
  };
  const checkFields = (expression: ts.Expression | undefined) => {
    if (expression && ts.isObjectLiteralExpression(expression))
      for (const property of expression.properties)
        if (ts.isPropertyAssignment(property)) check(property.initializer);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name && ERROR_HELPERS.has(name)) {
        check(node.arguments[0]);
        checkFields(node.arguments[1]);
      } else if (name === 'send' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
        for (const property of node.arguments[0].properties)
          if (ts.isPropertyAssignment(property) && property.name.getText() === 'message')
            check(property.initializer);
      }
    } else if (ts.isNewExpression(node) && calleeName(node.expression) === 'AppError') {
      check(node.arguments?.[1]);
      checkFields(node.arguments?.[2]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
