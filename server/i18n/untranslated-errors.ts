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

/** A file read for English: its syntax tree, what was found, and `check`, which records an expression's text. */
function reader(code: string, fileName: string) {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = textConstants(source);
  const found: UntranslatedError[] = [];
  const check = (expression: ts.Expression | undefined) => {
    if (!expression) return;
    const text = writtenText(expression, constants);
    if (text !== undefined && LETTER.test(text))
      found.push({ line: source.getLineAndCharacterOfPosition(expression.getStart()).line + 1, text });
  };
  return { source, found, check };
}

export function untranslatedErrors(code: string, fileName: string): UntranslatedError[] {
  const { source, found, check } = reader(code, fileName);
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

/** zod's checks and constructors that take a message (as an argument, or as `error`/`message` of their params). */
const SCHEMA_METHODS = new Set([
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'multipleOf',
  'int',
  'regex',
  'startsWith',
  'endsWith',
  'includes',
  'refine',
  'superRefine',
  'check',
  'addIssue',
  'string',
  'number',
  'boolean',
  'bigint',
  'date',
  'datetime',
  'time',
  'email',
  'url',
  'uuid',
  'enum',
  'literal',
  'union',
  'object',
  'array',
  'record',
  'tuple',
  'nonempty',
  'custom',
  'instanceof',
]);

/**
 * Where a shared or server schema writes its message as English no catalog holds (decision 070): a literal or a
 * template given to a zod check (`.max(5, 'At most five')`) or as its params' `error`/`message`. A schema's message
 * is a keyed constant (MSG.required, LOGS_MSG.page, `fill(MSG_WITH_VALUES.atMostCharacters, { max })`) or a server
 * text (`said('server.<module>.schema.<name>').english`), so the error path answers it in the caller's language.
 */
export function untranslatedSchemaMessages(code: string, fileName: string): UntranslatedError[] {
  const { source, found, check } = reader(code, fileName);
  const checkParams = (expression: ts.Expression) => {
    if (!ts.isObjectLiteralExpression(expression)) return check(expression);
    for (const property of expression.properties)
      if (ts.isPropertyAssignment(property) && ['error', 'message'].includes(property.name.getText()))
        check(property.initializer);
      else if (
        ts.isShorthandPropertyAssignment(property) &&
        ['error', 'message'].includes(property.name.text)
      )
        check(property.name);
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      SCHEMA_METHODS.has(node.expression.name.text)
    ) {
      // The message is the last argument of a check (`.max(5, …)`, `.refine(fn, …)`) or the params of a
      // constructor (`z.uuid({ error })`); a literal first argument of a constructor is a value (`z.literal('')`).
      const [first, ...rest] = node.arguments;
      for (const argument of rest) checkParams(argument);
      if (first && ts.isObjectLiteralExpression(first)) checkParams(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
